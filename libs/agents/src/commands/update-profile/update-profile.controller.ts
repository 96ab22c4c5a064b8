import { Controller, Patch } from '@nestjs/common';
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
  ValidBody,
} from '@companion/platform';
import { AgentEnvelope } from '../../http/agent.responses';
import { UpdateProfile, UpdateProfileResult } from './update-profile.command';
import { UpdateProfileDto } from './update-profile.dto';

@ApiTags('agents')
@Controller('agents')
export class UpdateProfileController {
  constructor(private readonly commandBus: CommandBus) {}

  @Patch('me')
  @RateLimit('profile')
  @AgentWrite(RateLimitGuard)
  @ApiOp('updateMe', 'Change profile fields; returns the updated profile')
  @ApiBody2xx(200, AgentEnvelope)
  async update(
    @CurrentAgent() agent: AuthenticatedAgent,
    @IdempotencyScope() scope: CommandScope | undefined,
    @ValidBody() body: UpdateProfileDto,
  ) {
    const profile: UpdateProfileResult = await this.commandBus.execute(
      new UpdateProfile(agent.id, body, scope),
    );
    return { agent: profile };
  }
}
