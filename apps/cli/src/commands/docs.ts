import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { openReadStore } from '@companion/platform/config';
import { ReadModels, SqliteReadStore } from '@companion/read-store';
import { buildProjections } from '@companion/all-projections';
import { integer, UsageError, withStores } from '../cli-context';

/** `docs <collection>`: read-model documents, from the live store or a replay's scratch store. */
export function docsCommand(program: Command): void {
  program
    .command('docs')
    .description('read-model documents')
    .argument('<collection>', 'a read-model collection, e.g. agents')
    .option('--id <ID>', 'the document with this id')
    .option('--limit <N>', 'at most N documents, by id', '100')
    .option('--read-dir <DIR>', "a replay's scratch read store (see replay)")
    .action(
      (
        collection: string,
        options: { id?: string; limit: string; readDir?: string },
        command: Command,
      ) =>
        withStores(command, async ({ config, json }) => {
          const limit = integer(options.limit, '--limit');
          const store = options.readDir
            ? new SqliteReadStore(join(resolve(options.readDir), 'read.db'))
            : await openReadStore(config);
          try {
            const projections = buildProjections(config);
            if (!projections.some((p) => p.collections.some((c) => c.name === collection))) {
              throw new UsageError(
                `no read-model collection "${collection}"; known: ${projections.flatMap((p) => p.collections.map((c) => c.name)).join(', ')}`,
              );
            }
            const readModels = new ReadModels(store, projections);
            await readModels.refresh();
            const docs = options.id
              ? [await readModels.get(collection, options.id)].filter(Boolean)
              : await readModels.find(collection, {}, { sort: [['_id', 1]], limit });
            if (options.id && docs.length === 0)
              throw new UsageError(`no document "${options.id}" in ${collection}`);
            for (const d of docs)
              console.log(json ? JSON.stringify(d) : JSON.stringify(d, null, 2));
          } finally {
            await store.close();
          }
        }),
    );
}
