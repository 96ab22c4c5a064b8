import type { Command } from 'commander';
import { integer, withStores } from '../cli-context';

/** `streams`: streams with their last revision and position, by name. */
export function streamsCommand(program: Command): void {
  program
    .command('streams')
    .description('streams with last revision and position')
    .option('--prefix <P>', 'only streams whose name starts with P')
    .option('--limit <N>', 'at most N streams', '100')
    .action((options: { prefix?: string; limit: string }, command: Command) =>
      withStores(command, async ({ events, json }) => {
        const streams = await events.listStreams({
          prefix: options.prefix,
          maxCount: integer(options.limit, '--limit'),
        });
        if (json) console.log(JSON.stringify(streams));
        else
          for (const s of streams)
            console.log(`${s.streamName}  revision ${s.lastRevision}  position ${s.lastPosition}`);
      }),
    );
}
