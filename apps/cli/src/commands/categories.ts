import type { Command } from 'commander';
import { categoryOf } from '@companion/event-store';
import { withStores } from '../cli-context';

/** `categories`: stream categories (the name before the first `-`) with their stream counts. */
export function categoriesCommand(program: Command): void {
  program
    .command('categories')
    .description('stream categories with stream counts')
    .action((_options, command: Command) =>
      withStores(command, async ({ events, json }) => {
        const counts = new Map<string, number>();
        for (const s of await events.listStreams({ maxCount: Number.MAX_SAFE_INTEGER }))
          counts.set(categoryOf(s.streamName), (counts.get(categoryOf(s.streamName)) ?? 0) + 1);
        const rows = [...counts]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([category, streams]) => ({ category, streams }));
        if (json) console.log(JSON.stringify(rows));
        else for (const r of rows) console.log(`${r.category.padEnd(20)} ${r.streams} streams`);
      }),
    );
}
