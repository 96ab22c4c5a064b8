import { Controller, Delete, HttpCode } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  AgentWrite,
  ApiBody2xx,
  ApiErrors,
  ApiOp,
  AuthenticatedAgent,
  CommandScope,
  CurrentAgent,
  IdempotencyScope,
  RateLimit,
  RateLimitGuard,
  ValidParam,
} from '@companion/platform';
import { BlockResult } from '../../application/blockable';
import { BlockState } from '../../http/blocks.responses';
import { UnblockAgent } from './unblock-agent.command';

/** Unblocking (an addition to the spec; docs/keys-and-safety.md). */
@ApiTags('safety')
@AgentWrite(RateLimitGuard)
@Controller('agents')
export class UnblockAgentController {
  constructor(private readonly commandBus: CommandBus) {}

  @Delete(':id/block')
  @HttpCode(200)
  @RateLimit('block')
  @ApiOp(
    'unblockAgent',
    'Lift your block on an agent (an addition to the spec); an ended match stays ended',
  )
  @ApiBody2xx(200, BlockState, 'Not blocked (a repeat answers the same)')
  @ApiErrors(400, 404)
  unblock(
    @CurrentAgent() agent: AuthenticatedAgent,
    @IdempotencyScope() scope: CommandScope | undefined,
    @ValidParam('id') id: string,
  ): Promise<BlockResult> {
    return this.commandBus.execute(new UnblockAgent(agent.id, id, scope));
  }
}
