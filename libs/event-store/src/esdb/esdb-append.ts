import { WrongExpectedVersionError } from '@kurrent/kurrentdb-client';
import { appendedAlready } from '../appended-already';
import { BackoffPolicy, backoffDelay, cancellableDelay } from '../backoff';
import {
  AppendOutcomeUnknownError,
  AppendResult,
  ExpectedRevision,
  NewEvent,
} from '../event-store.port';
import type { EsdbClient } from './esdb-client';
import { isTransient, toCommandError, translate } from './esdb-errors';
import { toEventData, toStreamState } from './esdb-events';
import type { EsdbReads } from './esdb-reads';

export interface AppendRetryPolicy {
  /** Tries of one append, the first included, before its outcome is reported unknown. */
  attempts: number;
  backoff: BackoffPolicy;
}

export const DEFAULT_APPEND_RETRY: AppendRetryPolicy = {
  attempts: 4,
  backoff: { initialMs: 100, maxMs: 1000 },
};

/**
 * Appends, sending the very same request again (same event ids, same expected revision) when the
 * server or the network failed it: the server recognises the events at that revision by their ids
 * and answers the first append's result without writing them twice. A retry refused with a wrong
 * expected version may be the first attempt having landed after all (and the stream moved on
 * since), so the stream is read to tell. When every try failed, the outcome is unknown and
 * reported so (`AppendOutcomeUnknownError`), never as a plain failure.
 */
export class EsdbAppender {
  constructor(
    private readonly client: EsdbClient,
    private readonly reads: EsdbReads,
    private readonly policy: AppendRetryPolicy = DEFAULT_APPEND_RETRY,
  ) {}

  async append(
    streamName: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    const data = events.map(toEventData);
    for (let failures = 0; ;) {
      let result;
      try {
        result = await this.client.appendToStream(streamName, data, {
          streamState: toStreamState(expected),
        });
      } catch (error) {
        const e = toCommandError(error);
        if (failures > 0 && e instanceof WrongExpectedVersionError) {
          let landed;
          try {
            landed = await appendedAlready(
              (name, options) => this.reads.readStream(name, options),
              streamName,
              events,
              expected,
            );
          } catch (readError) {
            throw new AppendOutcomeUnknownError(streamName, readError);
          }
          if (landed) return landed;
        }
        if (!isTransient(e)) throw translate(e, streamName, expected);
        if (++failures >= this.policy.attempts) throw new AppendOutcomeUnknownError(streamName, e);
        await cancellableDelay(backoffDelay(failures - 1, this.policy.backoff)).done;
        continue;
      }
      return {
        nextRevision: Number(result.nextExpectedRevision),
        position: result.position
          ? Number(result.position.commit)
          : await this.positionOf(streamName, result.nextExpectedRevision),
      };
    }
  }

  /**
   * Some server versions answer a retried (idempotent) append without a position: look it up. The
   * write is committed whatever this read meets, so a failed lookup gives 0, "no position to wait
   * for", and the caller answers without waiting for its read models rather than failing.
   */
  private async positionOf(streamName: string, revision: bigint): Promise<number> {
    try {
      return await this.reads.positionAt(streamName, revision);
    } catch {
      return 0;
    }
  }
}
