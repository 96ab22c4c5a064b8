import { Command } from '@nestjs/cqrs';
import type { DomainError } from '@companion/platform';

/** `DELETE /matches/{id}/dates`: its result is the refusal to answer (it never ends a date). */
export class EndLegacyDate extends Command<DomainError> {
  constructor(
    readonly matchId: string,
    readonly agentId: string,
  ) {
    super();
  }
}
