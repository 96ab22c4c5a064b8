import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { API_KEY_RESOLVER } from '@companion/platform';
import { AgentQueries } from './application/agent.queries';
import { DeleteAgentController } from './commands/delete-agent/delete-agent.controller';
import { DeleteAgentHandler } from './commands/delete-agent/delete-agent.handler';
import { RegisterAgentController } from './commands/register-agent/register-agent.controller';
import { RegisterAgentHandler } from './commands/register-agent/register-agent.handler';
import { RotateApiKeyController } from './commands/rotate-api-key/rotate-api-key.controller';
import { RotateApiKeyHandler } from './commands/rotate-api-key/rotate-api-key.handler';
import { UpdateProfileController } from './commands/update-profile/update-profile.controller';
import { UpdateProfileHandler } from './commands/update-profile/update-profile.handler';
import { AgentListController } from './queries/agent-list/agent-list.controller';
import { GetAgentListHandler } from './queries/agent-list/agent-list.handler';
import { AgentProfileController } from './queries/agent-profile/agent-profile.controller';
import { GetAgentProfileHandler } from './queries/agent-profile/agent-profile.handler';
import { SceneListController } from './queries/scene-list/scene-list.controller';
import { GetSceneListHandler } from './queries/scene-list/scene-list.handler';

@Module({
  imports: [CqrsModule],
  controllers: [
    RegisterAgentController,
    AgentListController,
    AgentProfileController,
    UpdateProfileController,
    DeleteAgentController,
    RotateApiKeyController,
    SceneListController,
  ],
  providers: [
    RegisterAgentHandler,
    UpdateProfileHandler,
    DeleteAgentHandler,
    RotateApiKeyHandler,
    GetAgentListHandler,
    GetAgentProfileHandler,
    GetSceneListHandler,
    AgentQueries,
    { provide: API_KEY_RESOLVER, useExisting: AgentQueries },
  ],
  exports: [AgentQueries, API_KEY_RESOLVER],
})
export class AgentsModule {}
