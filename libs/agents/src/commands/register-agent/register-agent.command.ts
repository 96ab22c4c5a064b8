import { Command } from '@nestjs/cqrs';
import type { Profile } from '../../domain/agent';
import type { AgentProfileView } from '../../http/agent.view';

export class RegisterAgent extends Command<RegisterAgentResult> {
  constructor(
    readonly input: Omit<Profile, 'framework'> & { framework?: string; source?: string },
  ) {
    super();
  }
}

export interface RegisterAgentResult {
  agent: AgentProfileView;
  /** The only copy of the key: the event holds its SHA-256. */
  apiKey: string;
}
