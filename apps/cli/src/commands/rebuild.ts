import type { Command } from 'commander';
import type { EventStore } from '@companion/event-store';
import { openReadStore } from '@companion/platform/config';
import {
  ProjectionEngine,
  ProjectionLease,
  rebuildProgress,
  readProjectionProgress,
  ReadModels,
  ReadStore,
  requestRebuild,
  withdrawRebuildRequest,
} from '@companion/read-store';
import { buildProjections } from '@companion/all-projections';
import { UsageError, withStores } from '../cli-context';
import { Progress, progressReporter } from '../progress';

/** How long a rebuild request may wait for a running API or projector to take it. */
const PICK_UP_TIMEOUT_MS = 15_000;

/**
 * `rebuild <projection> [--inline]`: asks the process that runs the projections (the API in the
 * embedded mode, apps/projector with MongoDB) to rebuild through the rebuild-request protocol
 * (rebuild-requests.ts), and follows it until the switch; with `--inline` runs the rebuild itself.
 */
export function rebuildCommand(program: Command): void {
  program
    .command('rebuild')
    .description('rebuild from position 0 beside the live one, then switch')
    .argument('<projection>', 'a projection name (see "status")')
    .option(
      '--inline',
      'run the rebuild in the CLI: only when no API or projector runs against these stores',
    )
    .action((name: string, options: { inline?: boolean }, command: Command) =>
      withStores(command, async ({ config, events, json }) => {
        const projections = buildProjections(config);
        if (!projections.some((p) => p.name === name))
          throw new UsageError(
            `unknown projection "${name}"; known: ${projections.map((p) => p.name).join(', ')}`,
          );
        const store = await openReadStore(config);
        const progress = progressReporter(name, { json, jsonLines: true });
        try {
          if (options.inline) {
            const engine = new ProjectionEngine(
              events,
              store,
              projections,
              new ReadModels(store, projections),
              { now: () => new Date(), lease: exclusiveLease(store) },
            );
            await rebuildInline(engine, name, progress);
          } else {
            await followRebuild(store, events, name, progress);
          }
          progress.stop();
          const [p] = await readProjectionProgress(store, [name], await events.headPosition());
          if (json) console.log(JSON.stringify({ done: true, ...p }));
          else
            console.log(
              `${p.name}: rebuilt, now generation ${p.generation} at position ${p.checkpoint} (lag ${p.lag})`,
            );
        } finally {
          progress.stop();
          await store.close();
        }
      }),
    );
}

/**
 * Refused at once while a projector or an API runs the projections: two engines would apply events
 * twice at the same time.
 */
function exclusiveLease(store: ReadStore): ProjectionLease {
  return new ProjectionLease(store, {
    now: () => new Date(),
    wait: false,
    onLost: (reason) => {
      console.error(`rebuild stopped: ${reason}`);
      process.exit(1);
    },
  });
}

async function rebuildInline(
  engine: ProjectionEngine,
  name: string,
  progress: Progress,
): Promise<void> {
  await engine.start();
  const done = engine.rebuild(name);
  const timer = setInterval(() => {
    // A progress read that fails skips one update; the rebuild itself reports errors.
    engine.status().then(
      (all) => {
        const s = all.find((p) => p.name === name);
        if (s?.rebuild) progress.update(s.rebuild.checkpoint, s.head, s.rebuild.eventsPerSecond);
      },
      () => undefined,
    );
  }, 200);
  try {
    await done;
  } finally {
    clearInterval(timer);
  }
  await engine.stop();
}

async function followRebuild(
  store: ReadStore,
  events: EventStore,
  name: string,
  progress: Progress,
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
    const state = await rebuildProgress(store, name, from);
    if (state.state === 'switched') return;
    if (state.state === 'building') {
      const rate = ((state.events - lastEvents) * 1000) / Math.max(1, Date.now() - lastAt);
      [lastEvents, lastAt] = [state.events, Date.now()];
      progress.update(state.position, await events.headPosition(), Math.round(rate));
    } else if (Date.now() - started > PICK_UP_TIMEOUT_MS) {
      await withdrawRebuildRequest(store, name);
      throw new UsageError(
        'no running API or projector picked up the rebuild request; if none runs against these stores, use --inline',
      );
    }
  }
}
