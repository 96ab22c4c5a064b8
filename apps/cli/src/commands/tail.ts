import type { Command } from 'commander';
import { integer, printEvent, withStores } from '../cli-context';

/** `tail`: follows the log live from the head (or `--from`) until Ctrl-C. */
export function tailCommand(program: Command): void {
  program
    .command('tail')
    .description('follow the log live (Ctrl-C stops)')
    .option('--category <C>', 'only streams of this category')
    .option('--type <T>', 'only events of this type')
    .option('--from <POS>', 'after this global position (default: the head)')
    .action((options: { category?: string; type?: string; from?: string }, command: Command) =>
      withStores(command, async ({ events, json }) => {
        const filter = {
          ...(options.category ? { streamPrefixes: [`${options.category}-`] } : {}),
          ...(options.type ? { eventTypes: [options.type] } : {}),
        };
        const subscription = events.subscribeToAll({
          after: integer(options.from, '--from') ?? (await events.headPosition()),
          filter,
        });
        process.once('SIGINT', () => void subscription.close());
        for await (const e of subscription) printEvent(e, json);
      }),
    );
}
