import { Query } from '@nestjs/cqrs';

/** The agent's pulse as UTF-8 JSON (spec §4, Pulse); `previousState` is the last stateToken. */
export class GetPulse extends Query<Buffer> {
  constructor(
    readonly agentId: string,
    readonly previousState?: string,
  ) {
    super();
  }
}
