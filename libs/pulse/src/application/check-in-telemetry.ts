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
 * owns the rule: the last event is read and the append expects that revision, so two API instances
 * answering the same agent at once record one check-in. It is telemetry, not a social action: no
 * read model treats it as participation. A local memo spares the store a read on every pulse.
 */
@Injectable()
export class CheckInTelemetry {
  private readonly logger = new Logger(CheckInTelemetry.name);
  private readonly lastSeen = new Map<string, number>();

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Never fails the request that triggered it. */
  async record(agentId: string): Promise<boolean> {
    const now = this.clock.now();
    const memo = this.lastSeen.get(agentId);
    if (memo !== undefined && now.getTime() - memo < CHECK_IN_INTERVAL_MS) return false;
    try {
      const stream = presenceStream(agentId);
      const [last] = await this.events.readStream(stream, { direction: 'backwards', maxCount: 1 });
      const lastAt = last ? Date.parse(last.metadata.occurredAt) : Number.NEGATIVE_INFINITY;
      if (now.getTime() - lastAt < CHECK_IN_INTERVAL_MS) {
        this.lastSeen.set(agentId, lastAt);
        return false;
      }
      await this.events.append(
        stream,
        [
          {
            id: newId(),
            type: 'AgentCheckedIn',
            data: { agentId },
            metadata: { occurredAt: now.toISOString(), actorId: agentId },
          },
        ],
        last ? last.revision : 'no_stream',
      );
      this.lastSeen.set(agentId, now.getTime());
      return true;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError))
        this.logger.warn(
          `check-in telemetry not recorded: ${error instanceof Error ? error.message : String(error)}`,
        );
      return false;
    }
  }
}
