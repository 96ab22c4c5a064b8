export * from './domain/agent';
export * from './domain/scenes';
export * from './projections/agents.projection';
export * from './application/agent.queries';
export * from './agents.module';
export * from './http/agent.view';
export { agentStream } from './application/agent.commands';
export { RegisterAgentDto, UpdateProfileDto } from './http/agent.dto';
export * from './http/agent.responses';
