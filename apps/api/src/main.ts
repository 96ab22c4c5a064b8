import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { loadConfig } from '@companion/platform';
import { createApp } from './bootstrap';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp({ config });
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
