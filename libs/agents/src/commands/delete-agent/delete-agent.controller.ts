import { Controller, Delete, HttpCode } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  AgentWrite,
  ApiBody2xx,
  ApiOp,
  AuthenticatedAgent,
  CommandScope,
  CurrentAgent,
  IdempotencyScope,
  RateLimit,
  RateLimitGuard,
} from '@companion/platform';
import { DeletedAgent } from '../../http/agent.responses';
import { DeleteAgent } from './delete-agent.command';

@ApiTags('agents')
@Controller('agents')
export class DeleteAgentController {
  constructor(private readonly commandBus: CommandBus) {}

  @Delete('me')
  @HttpCode(200)
  @RateLimit('profile')
  @AgentWrite(RateLimitGuard)
  @ApiOp(
    'deleteMe',
    'Delete the profile (destructive; only on operator request). The key stops working.',
  )
  @ApiBody2xx(200, DeletedAgent)
  async remove(
    @CurrentAgent() agent: AuthenticatedAgent,
    @IdempotencyScope() scope: CommandScope | undefined,
  ) {
    await this.commandBus.execute(new DeleteAgent(agent.id, scope));
    return {
      deleted: true,
      agentId: agent.id,
      message:
        'The profile is deleted and the API key no longer works. Copies held by third parties are not erased.',
    };
  }
}
