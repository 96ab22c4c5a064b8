import { Controller, Get, HttpStatus, Inject, Optional, Res } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { EVENT_STORE, EventStore } from '@companion/event-store';
import { CandidateIndex, RankingWorkers } from '@companion/matching';
import { ApiOp, AppConfig, CONFIG, PROJECTIONS, ProcessHealth } from '@companion/platform';
import {
  Projection,
  ProjectionEngine,
  READ_STORE,
  ReadStore,
  readProjectionProgress,
} from '@companion/read-store';
import { Health } from './health.responses';

export const API_VERSION = '1.4.1';

/** GET /api/health: the event store, the read store and how far behind the log each projection is. */
@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(PROJECTIONS) private readonly projectionList: readonly Projection[],
    private readonly processHealth: ProcessHealth,
    private readonly rankingWorkers: RankingWorkers,
    private readonly candidates: CandidateIndex,
    @Optional() private readonly engine?: ProjectionEngine,
  ) {}

  @Get()
  @ApiOp(
    'getHealth',
    'Health of the event store, the read store and the projections; 503 when a store is down',
  )
  @ApiResponse({ status: 200, description: 'Everything is up', type: Health })
  @ApiResponse({ status: 503, description: 'Degraded: the body says what is down', type: Health })
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const [eventStore, readStore] = await Promise.all([this.checkEvents(), this.checkReadStore()]);
    const projections =
      eventStore.status === 'up' && readStore.status === 'up'
        ? await this.projections(eventStore.head)
        : [];
    const failures = this.processHealth.failures();
    const ok =
      failures.length === 0 &&
      eventStore.status === 'up' &&
      readStore.status === 'up' &&
      projections.every((p) => p.state !== 'failed');
    void reply
      .status(ok ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE)
      .header('Cache-Control', 'no-store');
    return {
      status: ok ? 'ok' : 'degraded',
      version: API_VERSION,
      eventStore,
      readStore,
      projections,
      discovery: { similarityIndex: this.rankingWorkers.indexState(this.candidates.size) },
      ...(failures.length ? { failures } : {}),
    };
  }

  private async checkEvents() {
    const kind = this.config.eventStoreUrl ? 'eventstoredb' : 'sqlite';
    try {
      return { status: 'up' as const, kind, head: await this.events.headPosition() };
    } catch (error) {
      return {
        status: 'down' as const,
        kind,
        head: 0,
        error: error instanceof Error ? error.message : String(error),
      };
    }
  }

  private async checkReadStore() {
    const kind = this.config.mongoUrl ? 'mongodb' : 'sqlite';
    try {
      await this.store.ping();
      return { status: 'up' as const, kind };
    } catch (error) {
      return {
        status: 'down' as const,
        kind,
        error: error instanceof Error ? error.message : String(error),
      };
    }
  }

  private async projections(head: number) {
    if (this.engine) {
      return (await this.engine.status()).map(
        ({ name, generation, version, checkpoint, lag, state, error }) => ({
          name,
          generation,
          version,
          checkpoint,
          lag,
          state,
          ...(error ? { error } : {}),
        }),
      );
    }
    // Projections run in apps/projector: read their progress from the catalog.
    return readProjectionProgress(
      this.store,
      this.projectionList.map((p) => p.name),
      head,
    );
  }
}
