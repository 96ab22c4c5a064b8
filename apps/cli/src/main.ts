import { parseArgs } from 'node:util';
import { categoryOf, EventStore, RecordedEvent } from '@companion/event-store';
import { ConfigError, loadConfig, openEventStore, openReadStore } from '@companion/platform';
import { readProjectionProgress } from '@companion/read-store';
import { buildProjections } from '../../api/src/projections';

const USAGE = `companion operator CLI — reads the stores the environment points at
(DATA_DIR for the embedded files, or EVENTSTORE_URL / MONGO_URL).

  npm run cli -- status                              projections: checkpoint, lag, state
  npm run cli -- streams [--prefix P] [--limit N]    streams with last revision and position
  npm run cli -- categories                          stream categories with stream counts
  npm run cli -- stream <name> [--backwards] [--from REV] [--limit N]
  npm run cli -- event <position>                    one event by global position
  npm run cli -- tail [--category C] [--type T] [--from POS]   follow the log live (Ctrl-C stops)

  --json   print JSON (one object per line for events)`;

class UsageError extends Error {}

function integer(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`${name} must be a non-negative integer, got "${value}"`);
  return Number(value);
}

function printEvent(e: RecordedEvent, json: boolean): void {
  if (json) {
    console.log(JSON.stringify(e));
    return;
  }
  console.log(`#${e.position}  ${e.streamName}@${e.revision}  ${e.type}  ${e.metadata.occurredAt ?? e.recordedAt}`);
  console.log(`  data:     ${JSON.stringify(e.data)}`);
  console.log(`  metadata: ${JSON.stringify(e.metadata)}`);
}

async function run(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      backwards: { type: 'boolean', default: false },
      prefix: { type: 'string' },
      limit: { type: 'string' },
      from: { type: 'string' },
      category: { type: 'string' },
      type: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, arg] = positionals;
  if (!command || values.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const events = openEventStore(config);
  try {
    await dispatch(command, arg, values, events, config);
  } finally {
    await events.close();
  }
}

async function dispatch(
  command: string,
  arg: string | undefined,
  values: { json?: boolean; backwards?: boolean; prefix?: string; limit?: string; from?: string; category?: string; type?: string },
  events: EventStore,
  config: ReturnType<typeof loadConfig>,
): Promise<void> {
  const json = values.json ?? false;
  const limit = integer(values.limit, '--limit') ?? 100;
  switch (command) {
    case 'status': {
      const store = await openReadStore(config);
      try {
        const progress = await readProjectionProgress(store, buildProjections(config).map((p) => p.name), await events.headPosition());
        if (json) console.log(JSON.stringify(progress));
        else for (const p of progress) console.log(`${p.name.padEnd(16)} g${p.generation} v${p.version}  checkpoint ${p.checkpoint}  lag ${p.lag}  ${p.state}`);
      } finally {
        await store.close();
      }
      return;
    }
    case 'streams': {
      const streams = await events.listStreams({ prefix: values.prefix, maxCount: limit });
      if (json) console.log(JSON.stringify(streams));
      else for (const s of streams) console.log(`${s.streamName}  revision ${s.lastRevision}  position ${s.lastPosition}`);
      return;
    }
    case 'categories': {
      const counts = new Map<string, number>();
      for (const s of await events.listStreams({ maxCount: Number.MAX_SAFE_INTEGER })) counts.set(categoryOf(s.streamName), (counts.get(categoryOf(s.streamName)) ?? 0) + 1);
      const rows = [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([category, streams]) => ({ category, streams }));
      if (json) console.log(JSON.stringify(rows));
      else for (const r of rows) console.log(`${r.category.padEnd(20)} ${r.streams} streams`);
      return;
    }
    case 'stream': {
      if (!arg) throw new UsageError('stream needs a stream name, e.g. "stream agent-<id>"');
      const found = await events.readStream(arg, { direction: values.backwards ? 'backwards' : 'forwards', fromRevision: integer(values.from, '--from'), maxCount: limit });
      if (found.length === 0 && (await events.readStream(arg, { maxCount: 1 })).length === 0) throw new UsageError(`no stream named "${arg}"`);
      for (const e of found) printEvent(e, json);
      return;
    }
    case 'event': {
      const position = integer(arg, 'position');
      if (position === undefined || position === 0) throw new UsageError('event needs a global position (a positive integer)');
      const [e] = await events.readAll({ fromPosition: position, maxCount: 1 });
      if (!e || e.position !== position) throw new UsageError(`no event at position ${position}`);
      printEvent(e, json);
      return;
    }
    case 'tail': {
      const filter = {
        ...(values.category ? { streamPrefixes: [`${values.category}-`] } : {}),
        ...(values.type ? { eventTypes: [values.type] } : {}),
      };
      const subscription = events.subscribeToAll({ after: integer(values.from, '--from') ?? (await events.headPosition()), filter });
      process.once('SIGINT', () => void subscription.close());
      for await (const e of subscription) printEvent(e, json);
      return;
    }
    default:
      throw new UsageError(`unknown command "${command}"\n\n${USAGE}`);
  }
}

run(process.argv.slice(2)).catch((error) => {
  const known = error instanceof UsageError || error instanceof ConfigError || (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION';
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(known ? 2 : 1);
});
