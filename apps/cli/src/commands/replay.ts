import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { ProjectionEngine, ReadModels, SqliteReadStore } from '@companion/read-store';
import { buildProjections } from '@companion/all-projections';
import { integer, UsageError, withStores } from '../cli-context';
import { boundedEventStore } from '../bounded-event-store';
import { progressReporter } from '../progress';

/** How long a replay may take to reach its position. */
const REPLAY_TIMEOUT_MS = 10 * 60_000;

/**
 * `replay --to <position> --into <dir>`: every read model as it was at a position of the log, built
 * in a scratch SQLite read store (inspect it with `docs --read-dir`).
 */
export function replayCommand(program: Command): void {
  program
    .command('replay')
    .description('the read models as they were at a position, in a scratch store')
    .requiredOption('--to <position>', 'a global position (see "event")')
    .requiredOption('--into <dir>', 'an empty directory for the scratch read store')
    .action((options: { to: string; into: string }, command: Command) =>
      withStores(command, async ({ config, events, json }) => {
        const to = integer(options.to, '--to');
        if (!to)
          throw new UsageError('replay needs --to <position> (a global position, see "event")');
        const into = resolve(options.into);
        const [at] = await events.readAll({ fromPosition: to, maxCount: 1 });
        if (!at || at.position !== to) throw new UsageError(`no event at position ${to}`);
        if (existsSync(into) && readdirSync(into).length > 0)
          throw new UsageError(
            `${into} is not empty: the scratch read store needs an empty directory`,
          );
        mkdirSync(into, { recursive: true });
        const projections = buildProjections(config);
        const scratch = new SqliteReadStore(join(into, 'read.db'));
        const engine = new ProjectionEngine(
          boundedEventStore(events, to),
          scratch,
          projections,
          new ReadModels(scratch, projections),
          { now: () => new Date() },
        );
        const progress = progressReporter('replay', { json, jsonLines: false });
        const started = Date.now();
        const timer = setInterval(() => {
          // The slowest projection's checkpoint is where the read models as a whole stand.
          engine.status().then(
            (all) => {
              if (all.length === 0) return; // not started yet
              const position = Math.min(...all.map((p) => p.checkpoint));
              const seconds = (Date.now() - started) / 1000;
              progress.update(position, to, seconds > 0 ? Math.round(position / seconds) : 0);
            },
            () => undefined,
          );
        }, 200);
        try {
          await engine.start();
          if (!(await engine.waitFor(to, REPLAY_TIMEOUT_MS)))
            throw new Error('the replay did not reach the position');
          clearInterval(timer);
          progress.stop();
          const counts: Record<string, number> = {};
          for (const p of projections)
            for (const c of p.collections) counts[c.name] = await engine.readModels.count(c.name);
          if (json) console.log(JSON.stringify({ position: to, into, collections: counts }));
          else {
            console.log(`read models as of position ${to} (${at.recordedAt}) in ${into}:`);
            for (const [name, n] of Object.entries(counts))
              console.log(`  ${name.padEnd(20)} ${n}`);
            console.log(`inspect them with: npm run cli -- docs <collection> --read-dir ${into}`);
          }
        } finally {
          clearInterval(timer);
          progress.stop();
          await engine.stop();
          await scratch.close();
        }
      }),
    );
}
