import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { exitOnFatal, loadConfig, ProcessHealth } from '@companion/platform';
import { createApp } from './bootstrap';

/** Long enough for a health probe to see the 503 and why; short enough for a quick restart. */
const FATAL_EXIT_GRACE_MS = 5000;

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp({ config });
  // A loop that ended for good (the live log's subscription) makes health 503, then the process exits 1.
  exitOnFatal(app.get(ProcessHealth), { graceMs: FATAL_EXIT_GRACE_MS, close: () => app.close() });
  await app.listen({ port: config.port, host: config.host });
  const mode = `${config.eventStoreUrl ? 'EventStoreDB' : `SQLite in ${config.dataDir}`} + ${config.mongoUrl ? 'MongoDB' : 'embedded read store'}`;
  new Logger('Companion').log(
    `listening on ${config.publicBaseUrl} (${mode}; rate limits ${config.rateLimits ? 'on' : 'off'})`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
