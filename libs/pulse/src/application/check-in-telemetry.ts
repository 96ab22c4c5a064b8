import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  EVENT_STORE,
  EventStore,
  streamName,
  WrongExpectedRevisionError,
} from '@companion/event-store';
import { CLOCK, Clock, newId } from '@companion/platform';

/** Spec §4, pulse rule 5 and §8: check-in telemetry at most once a minute per agent. */
export const CHECK_IN_INTERVAL_MS = 60_000;

export const presenceStream = (agentId: string) => streamName('presence', agentId);

/**
 * Records `AgentCheckedIn` on the agent's `presence-{id}` stream, at most once a minute. The stream
 * owns the rule: the append expects the revision the decision was made on, so two API instances
 * answering the same agent at once record one check-in. It is telemetry, not a social action: no
 * read model treats it as participation. A local memo of each agent's last check-in and its
 * revision spares the store a read on every pulse, and on every check-in after this process's
 * first one for the agent: the append then expects the remembered revision, and only when another
 * instance wrote in between is the stream read (the next pulse of a polling runtime is a check-in
 * a minute later; reading the stream first had been a SQLite read on the event loop per check-in).
 */
@Injectable()
export class CheckInTelemetry {
  private readonly logger = new Logger(CheckInTelemetry.name);
  private readonly lastSeen = new Map<string, { at: number; revision: number | null }>();

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Never fails the request that triggered it. */
  async record(agentId: string): Promise<boolean> {
    const now = this.clock.now();
    const memo = this.lastSeen.get(agentId);
    if (memo !== undefined && now.getTime() - memo.at < CHECK_IN_INTERVAL_MS) return false;
    try {
      if (memo?.revision != null) {
        try {
          return await this.append(agentId, now, memo.revision);
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          // Another instance checked the agent in meanwhile: decide on what the stream holds.
        }
      }
      const [last] = await this.events.readStream(presenceStream(agentId), {
        direction: 'backwards',
        maxCount: 1,
      });
      const lastAt = last ? Date.parse(last.metadata.occurredAt) : Number.NEGATIVE_INFINITY;
      if (now.getTime() - lastAt < CHECK_IN_INTERVAL_MS) {
        this.lastSeen.set(agentId, { at: lastAt, revision: last.revision });
        return false;
      }
      return await this.append(agentId, now, last ? last.revision : 'no_stream');
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError))
        this.logger.warn(
          `check-in telemetry not recorded: ${error instanceof Error ? error.message : String(error)}`,
        );
      return false;
    }
  }

  private async append(agentId: string, now: Date, expected: number | 'no_stream') {
    const { nextRevision } = await this.events.append(
      presenceStream(agentId),
      [
        {
          id: newId(),
          type: 'AgentCheckedIn',
          data: { agentId },
          metadata: { occurredAt: now.toISOString(), actorId: agentId },
        },
      ],
      expected,
    );
    this.lastSeen.set(agentId, { at: now.getTime(), revision: nextRevision });
    return true;
  }
}
