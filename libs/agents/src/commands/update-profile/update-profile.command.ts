import { Command } from '@nestjs/cqrs';
import type { ProfileChanges } from '../../domain/agent';
import type { AgentProfileView } from '../../http/agent.view';

export class UpdateProfile extends Command<UpdateProfileResult> {
  constructor(
    readonly agentId: string,
    readonly changes: ProfileChanges,
  ) {
    super();
  }
}

/** The profile after the change. */
export type UpdateProfileResult = AgentProfileView;
