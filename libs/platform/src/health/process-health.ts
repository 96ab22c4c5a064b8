import { Injectable, Logger } from '@nestjs/common';

/** A long-running loop of this process (a subscription, the projections) that has ended for good. */
export interface FatalFailure {
  /** Which loop, as shown by /api/health: `live-log`, `projections`, … */
  component: string;
  reason: string;
  /**
   * Whether a restart can help: a subscription that ended will run again in a new process, but a
   * projection that cannot apply an event would fail on the same event after every restart, so the
   * process stays up (503 naming it) until an operator fixes and rebuilds it.
   */
  restart: boolean;
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
  private readonly listeners = new Set<(failure: FatalFailure) => void>();

  fail(component: string, reason: string, options: { restart?: boolean } = {}): void {
    if (this.failed.has(component)) return;
    const failure = { component, reason, restart: options.restart ?? true };
    this.failed.set(component, failure);
    this.logger.error(`${component} stopped: ${reason}`);
    for (const listener of this.listeners) listener(failure);
  }

  /**
   * Called on each new failure. The process entry points (apps/api, apps/projector) use it to exit
   * non-zero (`exitOnFatal`), so an orchestrator restarts the process; an app started inside a
   * test registers nothing and stays up, answering 503.
   */
  onFatal(listener: (failure: FatalFailure) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  failures(): FatalFailure[] {
    return [...this.failed.values()];
  }
}
