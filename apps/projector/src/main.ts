import 'reflect-metadata';
import { Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  ConfigModule,
  exitOnFatal,
  loadConfig,
  PersistenceModule,
  ProcessHealth,
} from '@companion/platform';
import { ProjectionEngine } from '@companion/read-store';
import { buildProjections } from '@companion/all-projections';

/**
 * The projector: runs every projection as its own process, from EventStoreDB into MongoDB, so API
 * instances scale out and only read. In the embedded mode the API runs the projections itself.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = new Logger('Projector');
  if (!config.mongoUrl) {
    logger.error(
      'MONGO_URL is not set: with the embedded read store the API runs the projections itself; the projector is for MongoDB.',
    );
    process.exit(2);
  }

  const projections = buildProjections(config);

  @Module({
    imports: [
      ConfigModule.forRoot({ config }),
      PersistenceModule.forRoot({ projections, runProjections: true }),
    ],
  })
  class ProjectorModule {}

  const app = await NestFactory.createApplicationContext(ProjectorModule, {
    logger: ['log', 'warn', 'error'],
  });
  app.enableShutdownHooks();
  // A loop that ended for good exits the process (code 1) after 5 s, so it is restarted.
  exitOnFatal(app.get(ProcessHealth), { graceMs: 5000, close: () => app.close() });
  await app.init();
  const engine = app.get(ProjectionEngine);
  logger.log(
    `running ${projections.length} projections from ${config.eventStoreUrl ? 'EventStoreDB' : 'SQLite'} into MongoDB`,
  );
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
