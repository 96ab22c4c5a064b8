import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { categoryOf, EventStore, RecordedEvent } from '@companion/event-store';
import {
  AppConfig,
  ConfigError,
  loadConfig,
  openEventStore,
  openReadStore,
} from '@companion/platform';
import {
  ProjectionEngine,
  ProjectionLease,
  rebuildProgress,
  readProjectionProgress,
  ReadModels,
  ReadStore,
  requestRebuild,
  SqliteReadStore,
  withdrawRebuildRequest,
} from '@companion/read-store';
import { buildProjections } from '@companion/all-projections';
import { boundedEventStore } from './bounded-event-store';
import { printReports } from './reports';

const USAGE = `companion operator CLI — reads the stores the environment points at
(DATA_DIR for the embedded files, or EVENTSTORE_URL / MONGO_URL).

  npm run cli -- status                              projections: checkpoint, lag, state
  npm run cli -- streams [--prefix P] [--limit N]    streams with last revision and position
  npm run cli -- categories                          stream categories with stream counts
  npm run cli -- stream <name> [--backwards] [--from REV] [--limit N]
  npm run cli -- event <position>                    one event by global position
  npm run cli -- tail [--category C] [--type T] [--from POS]   follow the log live (Ctrl-C stops)
  npm run cli -- rebuild <projection> [--inline]     rebuild from position 0 beside the live one, then switch
  npm run cli -- replay --to <position> --into <dir> the read models as they were at a position, in a scratch store
  npm run cli -- docs <collection> [--id ID] [--limit N] [--read-dir DIR]   read-model documents
  npm run cli -- reports [--agent ID] [--limit N]    agents' reports, newest first (--agent: about that agent)

  --json   print JSON (one object per line for events)

rebuild asks the process that runs the projections (the API in the embedded mode, apps/projector
with MongoDB) to rebuild; it switches over without downtime. With --inline the CLI runs the rebuild
itself: only when no API or projector runs against these stores.`;

class UsageError extends Error {}

function integer(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value))
    throw new UsageError(`${name} must be a non-negative integer, got "${value}"`);
  return Number(value);
}

function printEvent(e: RecordedEvent, json: boolean): void {
  if (json) {
    console.log(JSON.stringify(e));
    return;
  }
  console.log(
    `#${e.position}  ${e.streamName}@${e.revision}  ${e.type}  ${e.metadata.occurredAt ?? e.recordedAt}`,
  );
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
      inline: { type: 'boolean', default: false },
      to: { type: 'string' },
      into: { type: 'string' },
      id: { type: 'string' },
      'read-dir': { type: 'string' },
      agent: { type: 'string' },
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
  values: {
    json?: boolean;
    backwards?: boolean;
    prefix?: string;
    limit?: string;
    from?: string;
    category?: string;
    type?: string;
    inline?: boolean;
    to?: string;
    into?: string;
    id?: string;
    'read-dir'?: string;
    agent?: string;
  },
  events: EventStore,
  config: ReturnType<typeof loadConfig>,
): Promise<void> {
  const json = values.json ?? false;
  const limit = integer(values.limit, '--limit') ?? 100;
  switch (command) {
    case 'status': {
      const store = await openReadStore(config);
      try {
        const progress = await readProjectionProgress(
          store,
          buildProjections(config).map((p) => p.name),
          await events.headPosition(),
        );
        if (json) console.log(JSON.stringify(progress));
        else
          for (const p of progress)
            console.log(
              `${p.name.padEnd(16)} g${p.generation} v${p.version}  checkpoint ${p.checkpoint}  lag ${p.lag}  ${p.state}${p.error ? ` (${p.error})` : ''}`,
            );
      } finally {
        await store.close();
      }
      return;
    }
    case 'streams': {
      const streams = await events.listStreams({ prefix: values.prefix, maxCount: limit });
      if (json) console.log(JSON.stringify(streams));
      else
        for (const s of streams)
          console.log(`${s.streamName}  revision ${s.lastRevision}  position ${s.lastPosition}`);
      return;
    }
    case 'categories': {
      const counts = new Map<string, number>();
      for (const s of await events.listStreams({ maxCount: Number.MAX_SAFE_INTEGER }))
        counts.set(categoryOf(s.streamName), (counts.get(categoryOf(s.streamName)) ?? 0) + 1);
      const rows = [...counts]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([category, streams]) => ({ category, streams }));
      if (json) console.log(JSON.stringify(rows));
      else for (const r of rows) console.log(`${r.category.padEnd(20)} ${r.streams} streams`);
      return;
    }
    case 'stream': {
      if (!arg) throw new UsageError('stream needs a stream name, e.g. "stream agent-<id>"');
      const found = await events.readStream(arg, {
        direction: values.backwards ? 'backwards' : 'forwards',
        fromRevision: integer(values.from, '--from'),
        maxCount: limit,
      });
      if (found.length === 0 && (await events.readStream(arg, { maxCount: 1 })).length === 0)
        throw new UsageError(`no stream named "${arg}"`);
      for (const e of found) printEvent(e, json);
      return;
    }
    case 'event': {
      const position = integer(arg, 'position');
      if (position === undefined || position === 0)
        throw new UsageError('event needs a global position (a positive integer)');
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
      const subscription = events.subscribeToAll({
        after: integer(values.from, '--from') ?? (await events.headPosition()),
        filter,
      });
      process.once('SIGINT', () => void subscription.close());
      for await (const e of subscription) printEvent(e, json);
      return;
    }
    case 'rebuild': {
      if (!arg) throw new UsageError('rebuild needs a projection name; see "status"');
      return rebuild(arg, values.inline ?? false, json, events, config);
    }
    case 'replay': {
      const to = integer(values.to, '--to');
      if (!to)
        throw new UsageError('replay needs --to <position> (a global position, see "event")');
      if (!values.into)
        throw new UsageError('replay needs --into <directory> for the scratch read store');
      return replay(to, resolve(values.into), json, events, config);
    }
    case 'docs': {
      if (!arg) throw new UsageError('docs needs a collection name, e.g. "docs agents"');
      const store = values['read-dir']
        ? new SqliteReadStore(join(resolve(values['read-dir']), 'read.db'))
        : await openReadStore(config);
      try {
        const projections = buildProjections(config);
        if (!projections.some((p) => p.collections.some((c) => c.name === arg))) {
          throw new UsageError(
            `no read-model collection "${arg}"; known: ${projections.flatMap((p) => p.collections.map((c) => c.name)).join(', ')}`,
          );
        }
        const readModels = new ReadModels(store, projections);
        await readModels.refresh();
        const docs = values.id
          ? [await readModels.get(arg, values.id)].filter(Boolean)
          : await readModels.find(arg, {}, { sort: [['_id', 1]], limit });
        if (values.id && docs.length === 0)
          throw new UsageError(`no document "${values.id}" in ${arg}`);
        for (const d of docs) console.log(json ? JSON.stringify(d) : JSON.stringify(d, null, 2));
      } finally {
        await store.close();
      }
      return;
    }
    case 'reports':
      return printReports(config, { agentId: values.agent, json, limit });
    default:
      throw new UsageError(`unknown command "${command}"\n\n${USAGE}`);
  }
}

const PICK_UP_TIMEOUT_MS = 15_000;

async function rebuild(
  name: string,
  inline: boolean,
  json: boolean,
  events: EventStore,
  config: AppConfig,
): Promise<void> {
  const projections = buildProjections(config);
  if (!projections.some((p) => p.name === name))
    throw new UsageError(
      `unknown projection "${name}"; known: ${projections.map((p) => p.name).join(', ')}`,
    );
  const store = await openReadStore(config);
  const report = progressReporter(json);
  try {
    if (inline) {
      // Refused at once while a projector or an API runs the projections: two engines would apply
      // events twice at the same time.
      const lease = new ProjectionLease(store, {
        now: () => new Date(),
        wait: false,
        onLost: (reason) => {
          console.error(`rebuild stopped: ${reason}`);
          process.exit(1);
        },
      });
      const engine = new ProjectionEngine(
        events,
        store,
        projections,
        new ReadModels(store, projections),
        { now: () => new Date(), lease },
      );
      await engine.start();
      const done = engine.rebuild(name);
      const timer = setInterval(() => {
        // A progress read that fails skips one line of progress; the rebuild itself reports errors.
        engine.status().then(
          (all) => {
            const s = all.find((p) => p.name === name);
            if (s?.rebuild) report(s.rebuild.checkpoint, s.head, s.rebuild.eventsPerSecond);
          },
          () => undefined,
        );
      }, 200);
      await done;
      clearInterval(timer);
      await engine.stop();
    } else {
      await followRebuild(store, events, name, report);
    }
    const [after] = await readProjectionProgress(store, [name], await events.headPosition());
    report.finish(after);
  } finally {
    await store.close();
  }
}

async function followRebuild(
  store: ReadStore,
  events: EventStore,
  name: string,
  report: ReturnType<typeof progressReporter>,
): Promise<void> {
  const from = await requestRebuild(store, name, new Date());
  if (from === undefined)
    throw new UsageError(
      `projection "${name}" has never run against these stores; start the API (or the projector) first`,
    );
  const started = Date.now();
  let lastEvents = 0;
  let lastAt = Date.now();
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const progress = await rebuildProgress(store, name, from);
    if (progress.state === 'switched') return;
    if (progress.state === 'building') {
      const rate = ((progress.events - lastEvents) * 1000) / Math.max(1, Date.now() - lastAt);
      [lastEvents, lastAt] = [progress.events, Date.now()];
      report(progress.position, await events.headPosition(), Math.round(rate));
    } else if (Date.now() - started > PICK_UP_TIMEOUT_MS) {
      await withdrawRebuildRequest(store, name);
      throw new UsageError(
        'no running API or projector picked up the rebuild request; if none runs against these stores, use --inline',
      );
    }
  }
}

/** A progress bar on a terminal, one JSON line per update otherwise (--json). */
function progressReporter(json: boolean) {
  const tty = process.stderr.isTTY && !json;
  const report = (position: number, head: number, eventsPerSecond: number) => {
    const ratio = head > 0 ? Math.min(1, position / head) : 1;
    if (json)
      console.log(
        JSON.stringify({ progress: Number(ratio.toFixed(4)), position, head, eventsPerSecond }),
      );
    else if (tty)
      process.stderr.write(
        `\r[${'#'.repeat(Math.round(ratio * 30)).padEnd(30, '.')}] ${(ratio * 100).toFixed(1)}%  ${eventsPerSecond} events/s `,
      );
  };
  return Object.assign(report, {
    finish(p: { name: string; generation: number; checkpoint: number; lag: number }) {
      if (tty) process.stderr.write('\n');
      if (json) console.log(JSON.stringify({ done: true, ...p }));
      else
        console.log(
          `${p.name}: rebuilt, now generation ${p.generation} at position ${p.checkpoint} (lag ${p.lag})`,
        );
    },
  });
}

async function replay(
  to: number,
  into: string,
  json: boolean,
  events: EventStore,
  config: AppConfig,
): Promise<void> {
  const [at] = await events.readAll({ fromPosition: to, maxCount: 1 });
  if (!at || at.position !== to) throw new UsageError(`no event at position ${to}`);
  if (existsSync(into) && readdirSync(into).length > 0)
    throw new UsageError(`${into} is not empty: the scratch read store needs an empty directory`);
  mkdirSync(into, { recursive: true });
  const projections = buildProjections(config);
  const scratch = new SqliteReadStore(join(into, 'read.db'));
  const bounded = boundedEventStore(events, to);
  const engine = new ProjectionEngine(
    bounded,
    scratch,
    projections,
    new ReadModels(scratch, projections),
    { now: () => new Date() },
  );
  try {
    await engine.start();
    if (!(await engine.waitFor(to, 10 * 60_000)))
      throw new Error('the replay did not reach the position');
    const counts: Record<string, number> = {};
    for (const p of projections)
      for (const c of p.collections) counts[c.name] = await engine.readModels.count(c.name);
    if (json) console.log(JSON.stringify({ position: to, into, collections: counts }));
    else {
      console.log(`read models as of position ${to} (${at.recordedAt}) in ${into}:`);
      for (const [name, n] of Object.entries(counts)) console.log(`  ${name.padEnd(20)} ${n}`);
      console.log(`inspect them with: npm run cli -- docs <collection> --read-dir ${into}`);
    }
  } finally {
    await engine.stop();
    await scratch.close();
  }
}

// A reader that goes away (`… | head`) is not an error: stop quietly, as other command-line tools do.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

run(process.argv.slice(2)).catch((error) => {
  const known =
    error instanceof UsageError ||
    error instanceof ConfigError ||
    (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION';
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(known ? 2 : 1);
});
