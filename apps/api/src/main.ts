import 'reflect-metadata';
import { Logger } from 'nestjs-pino';
import { exitOnFatal, loadConfig, ProcessHealth } from '@companion/platform';
import { createApp } from './bootstrap';
import { API_VERSION } from './health.controller';

/** Long enough for a health probe to see the 503 and why; short enough for a quick restart. */
const FATAL_EXIT_GRACE_MS = 5000;

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp({ config });
  // A loop that ended for good (the live log's subscription) makes health 503, then the process exits 1.
  exitOnFatal(app.get(ProcessHealth), { graceMs: FATAL_EXIT_GRACE_MS, close: () => app.close() });
  await app.listen({ port: config.port, host: config.host });
  const mode = `${config.eventStoreUrl ? 'EventStoreDB' : `SQLite in ${config.dataDir}`} + ${config.mongoUrl ? 'MongoDB' : 'embedded read store'}`;
  const base = config.publicBaseUrl;
  const where = {
    api: `${base}/api/v1`,
    docs: `${base}/api/docs`,
    openapi: `${base}/api/v1/openapi.json`,
    llms: `${base}/llms.txt`,
    health: `${base}/api/health`,
  };
  const headline = `Companion ${API_VERSION} is listening (${mode}; rate limits ${config.rateLimits ? 'on' : 'off'})`;
  // JSON logs stay one JSON object a line for the log shipper; in a terminal, one short block a
  // newcomer can act on (Nest's route map only at LOG_LEVEL=debug).
  if (config.logFormat === 'json') app.get(Logger).log({ msg: headline, ...where }, 'Companion');
  else
    process.stdout.write(
      [
        headline,
        `  API     ${where.api}`,
        `  Docs    ${where.docs}   (OpenAPI: ${where.openapi}, for LLMs: ${where.llms})`,
        `  Health  ${where.health}`,
        '',
      ].join('\n'),
    );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
