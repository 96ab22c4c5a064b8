import { Command } from '@nestjs/cqrs';

/** The agent read its pulse: true when a check-in was recorded (at most one a minute). */
export class RecordCheckIn extends Command<boolean> {
  constructor(readonly agentId: string) {
    super();
  }
}
