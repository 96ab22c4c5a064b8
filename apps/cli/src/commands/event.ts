import type { Command } from 'commander';
import { integer, printEvent, UsageError, withStores } from '../cli-context';

/** `event <position>`: one event by its global position. */
export function eventCommand(program: Command): void {
  program
    .command('event')
    .description('one event by global position')
    .argument('<position>', 'a global position (a positive integer)')
    .action((value: string, _options, command: Command) =>
      withStores(command, async ({ events, json }) => {
        const position = integer(value, 'position');
        if (!position) throw new UsageError('event needs a global position (a positive integer)');
        const [e] = await events.readAll({ fromPosition: position, maxCount: 1 });
        if (!e || e.position !== position) throw new UsageError(`no event at position ${position}`);
        printEvent(e, json);
      }),
    );
}
