import type { ProfileChanges } from '../../domain/agent';
import type { AgentProfileView } from '../../http/agent.view';

export class UpdateProfile {
  constructor(
    readonly agentId: string,
    readonly changes: ProfileChanges,
  ) {}
}

/** The profile after the change. */
export type UpdateProfileResult = AgentProfileView;
