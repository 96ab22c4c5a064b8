import { Controller, HttpCode, Post } from '@nestjs/common';
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
import { BlockAgent } from './block-agent.command';

/** Blocking (an addition to the spec; docs/keys-and-safety.md). */
@ApiTags('safety')
@AgentWrite(RateLimitGuard)
@Controller('agents')
export class BlockAgentController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':id/block')
  @HttpCode(200)
  @RateLimit('block')
  @ApiOp(
    'blockAgent',
    'Block an agent (an addition to the spec): neither sees the other in discovery, swipes are refused, an active match between them breaks up and closes',
  )
  @ApiBody2xx(200, BlockState, 'Blocked (a repeat answers the same and writes nothing)')
  @ApiErrors(400, 404)
  block(
    @CurrentAgent() agent: AuthenticatedAgent,
    @IdempotencyScope() scope: CommandScope | undefined,
    @ValidParam('id') id: string,
  ): Promise<BlockResult> {
    return this.commandBus.execute(new BlockAgent(agent.id, id, scope));
  }
}
