import { Injectable, Logger } from '@nestjs/common';

/** A long-running loop of this process (a subscription, the projections) that has ended for good. */
export interface FatalFailure {
  /** Which loop, as shown by /api/health: `live-log`, `projections`, … */
  component: string;
  reason: string;
}

/**
 * What this process knows is broken beyond repair: a loop that should run until shutdown and has
 * stopped. /api/health answers 503 naming each one (architecture §8), so an orchestrator sees a
 * process that looks up but no longer works. One registry, so every loop reports the same way.
 */
@Injectable()
export class ProcessHealth {
  private readonly logger = new Logger(ProcessHealth.name);
  private readonly failed = new Map<string, FatalFailure>();

  fail(component: string, reason: string): void {
    if (this.failed.has(component)) return;
    this.failed.set(component, { component, reason });
    this.logger.error(`${component} stopped: ${reason}`);
  }

  failures(): FatalFailure[] {
    return [...this.failed.values()];
  }
}
