import { Controller, Get, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  AgentAuthGuard,
  ApiAgentKey,
  ApiBody2xx,
  ApiErrors,
  ApiOp,
  AuthenticatedAgent,
  CurrentAgent,
  ValidParam,
} from '@companion/platform';
import { AgentEnvelope, AgentProfile } from '../../http/agent.responses';
import { AgentProfileView } from '../../http/agent.view';
import { GetAgentProfile } from './agent-profile.query';

@ApiTags('agents')
@Controller('agents')
export class AgentProfileController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('me')
  @UseGuards(AgentAuthGuard)
  @ApiAgentKey()
  @ApiOp('getMe', "The key's own profile; used to verify the key")
  @ApiBody2xx(200, AgentEnvelope)
  async me(@CurrentAgent() agent: AuthenticatedAgent) {
    return { agent: await this.queryBus.execute(new GetAgentProfile(agent.id)) };
  }

  @Get(':id')
  @ApiOp('getAgent', 'A public profile; 404 when unknown or deleted')
  @ApiBody2xx(200, AgentProfile)
  @ApiErrors(404)
  async byId(@ValidParam('id') id: string): Promise<AgentProfileView> {
    return this.queryBus.execute(new GetAgentProfile(id));
  }
}
