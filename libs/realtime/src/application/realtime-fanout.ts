import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { RecordedEvent } from '@companion/event-store';
import { MatchDoc, MATCHES } from '@companion/matching';
import { AppConfig, CONFIG, LiveLog } from '@companion/platform';
import { BoundedCache } from '@companion/caching';
import { ReadModels } from '@companion/read-store';
import {
  deletedAgentOf,
  deliveriesOf,
  matchNeedingParticipants,
  RealtimeEvent,
  rotatedKeyOf,
} from './realtime-events';

/** A transport (`/ws`, socket.io) that holds connections by agent. */
export interface RealtimeSink {
  deliver(agentIds: readonly string[], event: RealtimeEvent): void;
  /** The agent was deleted: end its connections. */
  revoke(agentId: string): void;
  /** The agent's key was replaced: end its connections opened with any other key. */
  revokeKeysBut(agentId: string, keyHash: string): void;
}

/** Participants never change, so they are cached; the cap keeps a long-running process bounded. */
const PARTICIPANT_CACHE_SIZE = 10_000;

/**
 * Revoked keys and deleted agents remembered for late connections (see `revokedReason`). A late
 * connection comes within the projection's lag of the event, so the recent ones are what matters.
 */
const REVOKED_CACHE_SIZE = 10_000;

export type RevokedReason = 'agent_deleted' | 'api_key_rotated';

/**
 * This instance's live events, turned into deliveries once and handed to every transport. Events
 * are handled one after the other, in log order, so an awaited read-model lookup for one event can
 * never let a later event overtake it.
 */
@Injectable()
export class RealtimeFanout implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(RealtimeFanout.name);
  private readonly sinks = new Set<RealtimeSink>();
  private readonly participants = new Map<string, readonly string[]>();
  private readonly revoked = new BoundedCache<'agent' | 'key', string, RevokedReason>(
    REVOKED_CACHE_SIZE,
  );
  private unlisten?: () => Promise<void>;

  constructor(
    private readonly live: LiveLog,
    private readonly readModels: ReadModels,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.unlisten = this.live.listenInOrder('realtime fan-out', (event) => this.handle(event));
  }

  async onModuleDestroy(): Promise<void> {
    await this.unlisten?.();
  }

  /**
   * Why a connection that is registering must be refused, or null. Its key check may have read a
   * read model that had not applied a rotation or deletion yet, while this instance had already
   * handled the event and closed only the connections registered before it. A transport asks here
   * in the same turn as it registers the connection, so none slips between the two.
   */
  revokedReason(agentId: string, keyHash: string): RevokedReason | null {
    return this.revoked.get('agent', agentId) ?? this.revoked.get('key', keyHash) ?? null;
  }

  attach(sink: RealtimeSink): () => void {
    this.sinks.add(sink);
    return () => this.sinks.delete(sink);
  }

  private async handle(event: RecordedEvent): Promise<void> {
    if (this.sinks.size === 0) return;
    const deleted = deletedAgentOf(event);
    if (deleted) {
      this.revoked.set('agent', deleted, 'agent_deleted');
      for (const sink of this.sinks) sink.revoke(deleted);
      return;
    }
    const rotated = rotatedKeyOf(event);
    if (rotated) {
      this.revoked.set('key', rotated.previousKeyHash, 'api_key_rotated');
      for (const sink of this.sinks) sink.revokeKeysBut(rotated.agentId, rotated.keyHash);
      return;
    }
    if (event.type === 'MatchCreated') {
      const { matchId, agentIds } = event.data as { matchId: string; agentIds: string[] };
      this.remember(matchId, agentIds);
    }
    const matchId = matchNeedingParticipants(event);
    const participants = matchId ? await this.participantsOf(matchId, event.position) : null;
    if (matchId && !participants) {
      this.logger.warn(
        `no participants known for match ${matchId} (${event.type}@${event.position}); not delivered`,
      );
      return;
    }
    for (const { agentIds, event: payload } of deliveriesOf(event, participants)) {
      for (const sink of this.sinks) sink.deliver(agentIds, payload);
    }
  }

  private async participantsOf(
    matchId: string,
    position: number,
  ): Promise<readonly string[] | null> {
    const cached = this.participants.get(matchId);
    if (cached) return cached;
    let match = await this.readModels.get<MatchDoc>(MATCHES, matchId);
    // The match was created before this event, but this instance's live log may run ahead of the
    // projection that stores it (another process projects): wait for it, bounded.
    if (
      !match &&
      (await this.readModels.waitFor(MATCHES, position, this.config.consistencyTimeoutMs))
    )
      match = await this.readModels.get<MatchDoc>(MATCHES, matchId);
    if (!match) return null;
    this.remember(matchId, match.agentIds);
    return match.agentIds;
  }

  private remember(matchId: string, agentIds: readonly string[]): void {
    if (this.participants.size >= PARTICIPANT_CACHE_SIZE)
      this.participants.delete(this.participants.keys().next().value!);
    this.participants.set(matchId, [...agentIds]);
  }
}
