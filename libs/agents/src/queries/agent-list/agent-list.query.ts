import { Query } from '@nestjs/cqrs';
import type { AgentProfileView } from '../../http/agent.view';

export interface AgentListView {
  agents: AgentProfileView[];
  nextCursor: string | null;
}

/** Public active agents (or a scene's), newest first, a page at a time. */
export class GetAgentList extends Query<AgentListView> {
  constructor(readonly options: { cursor?: string; limit?: number; sceneId?: string }) {
    super();
  }
}
