import { Logger } from '@nestjs/common';
import type { FatalFailure, ProcessHealth } from './process-health';

export interface ExitOnFatalOptions {
  /**
   * How long the process keeps answering (health 503, naming the failure) before it closes: long
   * enough for a probe or an operator to see why, short enough for a quick restart.
   */
  graceMs: number;
  /** Closes the application (its stores, its connections); bounded by `graceMs` as well. */
  close: () => Promise<void>;
  exit?: (code: number) => void;
}

/**
 * Architecture §8: a loop that ended for good while the process was not stopping makes the process
 * exit non-zero, after `graceMs`, when a restart can help (`FatalFailure.restart`), so an orchestrator restarts it instead of routing traffic to a
 * process that looks up but no longer works. Only the first failure counts.
 */
export function exitOnFatal(health: ProcessHealth, options: ExitOnFatalOptions): () => void {
  const logger = new Logger('ProcessHealth');
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let exiting = false;
  return health.onFatal((failure: FatalFailure) => {
    if (exiting || !failure.restart) return;
    exiting = true;
    logger.error(`exiting in ${options.graceMs} ms: ${failure.component} stopped`);
    setTimeout(() => {
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, options.graceMs).unref());
      void Promise.race([options.close().catch(() => undefined), timeout]).finally(() => exit(1));
    }, options.graceMs);
  });
}
