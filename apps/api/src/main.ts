import 'reflect-metadata';
import { loadConfig } from '@companion/platform';
import { createApp } from './bootstrap';
import { API_VERSION } from './health.controller';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp({ config });
  await app.listen({ port: config.port, host: config.host });
  const mode = `${config.eventStoreUrl ? 'EventStoreDB' : `SQLite in ${config.dataDir}`} + ${config.mongoUrl ? 'MongoDB' : 'embedded read store'}`;
  const base = config.publicBaseUrl;
  // One short block a newcomer can act on; Nest's route map only at LOG_LEVEL=debug.
  process.stdout.write(
    [
      `Companion ${API_VERSION} is listening (${mode}; rate limits ${config.rateLimits ? 'on' : 'off'})`,
      `  API     ${base}/api/v1`,
      `  Docs    ${base}/api/docs   (OpenAPI: ${base}/api/v1/openapi.json, for LLMs: ${base}/llms.txt)`,
      `  Health  ${base}/api/health`,
      '',
    ].join('\n'),
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
