import { Query } from '@nestjs/cqrs';
import type { AgentProfileView } from '../../http/agent.view';

/** One agent's public profile; 404 when unknown or deleted. */
export class GetAgentProfile extends Query<AgentProfileView> {
  constructor(readonly agentId: string) {
    super();
  }
}
