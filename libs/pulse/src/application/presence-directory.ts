import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { EVENT_STORE, EventStore } from '@companion/event-store';
import { AppConfig, CONFIG } from '@companion/platform';
import { presenceStream } from './presence-stream';

/**
 * Presence streams listed at most; with more, nothing is guessed. The embedded store's listing is
 * one synchronous query on the event loop: 100 000 presence streams took 260–560 ms (measured on
 * the 100 000-agent log, `docs/pulse-at-scale.md`), so this bounds that one pause.
 */
const SCAN_LIMIT = 200_000;

/**
 * Which agents have a `presence-{id}` stream, from one listing of the log's streams at start-up:
 * an agent whose stream did not exist then has never checked in, so its first check-in in this
 * process is decided on the empty stream and appended expecting no stream (the command loop's
 * `likelyNew`) instead of first reading the stream's last event.
 *
 * Why: at 100 000 agents nearly every pulse of a run is an agent's first in the process, and that
 * read was the largest single item of the check-in on the event loop (`readStream` under
 * `catchUp`: 10.5 % of the main thread's samples, `docs/pulse-at-scale.md`): a read right after
 * the writer thread's commits, which empty the reading connection's page cache every time.
 *
 * A guess is never a decision: a stream created after the listing (by another API instance, or
 * by this one before the listing ended) makes the append fail on its expected revision, and the
 * loop reads the stream and decides again, so "at most once a minute" still holds with several
 * instances on one store. A stream that existed is read as before (its last check-in's time is
 * not in the listing).
 *
 * The embedded store only: its listing is exhaustive (the `streams` table). KurrentDB's is best
 * effort (libs/event-store/src/esdb/esdb-streams.ts: the newest records of `$all`, bounded by ten
 * times `maxCount`), so it would miss old streams and read a large part of `$all` at start-up.
 */
@Injectable()
export class PresenceDirectory implements OnApplicationBootstrap {
  private readonly logger = new Logger(PresenceDirectory.name);
  /** Null until the listing is done (or when it failed): nothing is guessed then. */
  private existing: Set<string> | null = null;
  /** Streams this process created while the listing ran (it may have been read before them). */
  private readonly recordedMeanwhile = new Set<string>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CONFIG) private readonly config: Pick<AppConfig, 'eventStoreUrl'>,
  ) {}

  /** After start-up, not in it: the listing blocks the event loop once (see SCAN_LIMIT). */
  onApplicationBootstrap(): void {
    setImmediate(() => void this.scan()).unref();
  }

  async scan(): Promise<void> {
    if (this.config.eventStoreUrl) return;
    try {
      const streams = await this.store.listStreams({
        prefix: presenceStream(''),
        maxCount: SCAN_LIMIT,
      });
      if (streams.length >= SCAN_LIMIT) return;
      const existing = new Set(streams.map((s) => s.streamName));
      // Check-ins recorded while the listing ran: known to exist.
      for (const name of this.recordedMeanwhile) existing.add(name);
      this.recordedMeanwhile.clear();
      this.existing = existing;
    } catch (error) {
      this.logger.warn(
        `presence streams not listed; every first check-in reads its stream: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** The agent had no presence stream at the listing, and none was recorded since by this process. */
  neverCheckedIn(agentId: string): boolean {
    return this.existing !== null && !this.existing.has(presenceStream(agentId));
  }

  /** A check-in of the agent was recorded: its stream exists from now on. */
  recorded(agentId: string): void {
    (this.existing ?? this.recordedMeanwhile).add(presenceStream(agentId));
  }
}
