import { Query } from '@nestjs/cqrs';

/** The agent's pulse as its JSON text (spec §4, Pulse); `previousState` is the last stateToken. */
export class GetPulse extends Query<string> {
  constructor(
    readonly agentId: string,
    readonly previousState?: string,
  ) {
    super();
  }
}
