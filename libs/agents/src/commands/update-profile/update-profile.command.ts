import { Command } from '@nestjs/cqrs';
import type { CommandScope } from '@companion/platform';
import type { ProfileChanges } from '../../domain/agent';
import type { AgentProfileView } from '../../http/agent.view';

export class UpdateProfile extends Command<UpdateProfileResult> {
  constructor(
    readonly agentId: string,
    readonly changes: ProfileChanges,
    /** The request's Idempotency-Key scope, when it has one (`CommandContext.scope`). */
    readonly scope?: CommandScope,
  ) {
    super();
  }
}

/** The profile after the change. */
export type UpdateProfileResult = AgentProfileView;
