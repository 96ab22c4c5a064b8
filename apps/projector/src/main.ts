import 'reflect-metadata';
import { INestApplicationContext, Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  ConfigModule,
  exitOnFatal,
  loadConfig,
  PersistenceModule,
  ProcessHealth,
} from '@companion/platform';
import { ProjectionEngine, READ_STORE, ReadStore } from '@companion/read-store';
import { buildProjections } from '@companion/all-projections';
import { startHealthServer } from './health-server';

/**
 * The projector: runs every projection as its own process (from KurrentDB into MongoDB in the
 * compose topology), so API instances scale out and only read. Several may run: the projections
 * lease lets one apply events and keeps the others waiting as standbys.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = new Logger('Projector');
  if (!config.mongoUrl)
    logger.warn(
      'MONGO_URL is not set: projecting into the embedded read store in DATA_DIR; start the API there with PROJECTIONS=off',
    );

  const projections = buildProjections(config);
  // Unset while this projector waits for the lease (health: standby).
  let app: INestApplicationContext | undefined = undefined;

  const health = startHealthServer(config.projectorHealthPort, async () => {
    if (!app) return { ok: true, body: { status: 'standby', detail: 'waiting for the lease' } };
    const failures = app.get(ProcessHealth).failures();
    const store = app.get<ReadStore>(READ_STORE);
    const readStore = await store.ping().then(
      () => 'up',
      (e: unknown) => `down: ${e instanceof Error ? e.message : String(e)}`,
    );
    const status = await app.get(ProjectionEngine).status();
    const ok = failures.length === 0 && readStore === 'up';
    return {
      ok,
      body: {
        status: ok ? 'ok' : 'degraded',
        readStore,
        projections: status.map(({ name, generation, checkpoint, lag, state, error }) => ({
          name,
          generation,
          checkpoint,
          lag,
          state,
          ...(error ? { error } : {}),
        })),
        ...(failures.length ? { failures } : {}),
      },
    };
  });
  health.on('listening', () => {
    const address = health.address();
    logger.log(`health on :${typeof address === 'object' && address ? address.port : '?'}/health`);
  });

  @Module({
    imports: [
      ConfigModule.forRoot({ config }),
      PersistenceModule.forRoot({ projections, runProjections: true }),
    ],
  })
  class ProjectorModule {}

  // Starting the context starts the engine, which first waits for the lease.
  app = await NestFactory.createApplicationContext(ProjectorModule, {
    logger: ['log', 'warn', 'error'],
  });
  app.enableShutdownHooks();
  logger.log(
    `running ${projections.length} projections from ${config.eventStoreUrl ? 'KurrentDB' : 'SQLite'} into ${config.mongoUrl ? 'MongoDB' : 'SQLite'}`,
  );
  const engine = app.get(ProjectionEngine);
  // The lease lost or the subscription ended: health answers 503 naming it, then the process exits
  // 1 after 5 s, so the restart policy starts a fresh projector (which waits for the lease). A
  // projection that fails on an event keeps the others running (ProcessHealth: restart false).
  exitOnFatal(app.get(ProcessHealth), { graceMs: 5000, close: () => app.close() });
  const report = setInterval(() => {
    engine.status().then(
      (all) => {
        for (const s of all)
          logger.log(
            `${s.name} g${s.generation} v${s.version}: checkpoint ${s.checkpoint}, lag ${s.lag}, ${s.state}`,
          );
      },
      (error: unknown) => logger.warn(`could not read projection status: ${String(error)}`),
    );
  }, 30_000);
  report.unref();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
