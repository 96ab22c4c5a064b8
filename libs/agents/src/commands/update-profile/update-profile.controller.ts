import { Body, Controller, Patch, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  AgentAuthGuard,
  ApiAgentKey,
  ApiBody2xx,
  ApiOp,
  AuthenticatedAgent,
  CurrentAgent,
  RateLimit,
  RateLimitGuard,
} from '@companion/platform';
import { AgentEnvelope } from '../../http/agent.responses';
import { UpdateProfile, UpdateProfileResult } from './update-profile.command';
import { UpdateProfileDto } from './update-profile.dto';

@ApiTags('agents')
@Controller('agents')
export class UpdateProfileController {
  constructor(private readonly commandBus: CommandBus) {}

  @Patch('me')
  @UseGuards(AgentAuthGuard, RateLimitGuard)
  @RateLimit('profile')
  @ApiAgentKey()
  @ApiOp('updateMe', 'Change profile fields; returns the updated profile')
  @ApiBody2xx(200, AgentEnvelope)
  async update(@CurrentAgent() agent: AuthenticatedAgent, @Body() body: UpdateProfileDto) {
    const profile: UpdateProfileResult = await this.commandBus.execute(
      new UpdateProfile(agent.id, body),
    );
    return { agent: profile };
  }
}
