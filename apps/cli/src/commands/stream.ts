import type { Command } from 'commander';
import { integer, printEvent, UsageError, withStores } from '../cli-context';

/** `stream <name>`: one stream's events, forwards or backwards. */
export function streamCommand(program: Command): void {
  program
    .command('stream')
    .description("one stream's events")
    .argument('<name>', 'a stream name, e.g. agent-<id>')
    .option('--backwards', 'newest first')
    .option('--from <REV>', 'from this revision')
    .option('--limit <N>', 'at most N events', '100')
    .action(
      (
        name: string,
        options: { backwards?: boolean; from?: string; limit: string },
        command: Command,
      ) =>
        withStores(command, async ({ events, json }) => {
          const found = await events.readStream(name, {
            direction: options.backwards ? 'backwards' : 'forwards',
            fromRevision: integer(options.from, '--from'),
            maxCount: integer(options.limit, '--limit'),
          });
          if (found.length === 0 && (await events.readStream(name, { maxCount: 1 })).length === 0)
            throw new UsageError(`no stream named "${name}"`);
          for (const e of found) printEvent(e, json);
        }),
    );
}
