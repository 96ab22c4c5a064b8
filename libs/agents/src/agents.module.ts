import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { API_KEY_RESOLVER } from '@companion/platform';
import {
  DeleteAgentHandler,
  RegisterAgentHandler,
  RotateApiKeyHandler,
  UpdateProfileHandler,
} from './application/agent.commands';
import { AgentQueries } from './application/agent.queries';
import { AgentsController, ScenesController } from './http/agents.controller';

@Module({
  imports: [CqrsModule],
  controllers: [AgentsController, ScenesController],
  providers: [
    RegisterAgentHandler,
    UpdateProfileHandler,
    DeleteAgentHandler,
    RotateApiKeyHandler,
    AgentQueries,
    { provide: API_KEY_RESOLVER, useExisting: AgentQueries },
  ],
  exports: [AgentQueries, API_KEY_RESOLVER],
})
export class AgentsModule {}
