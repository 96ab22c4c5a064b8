import type { Command } from 'commander';
import { openReadStore } from '@companion/platform/config';
import { readProjectionProgress } from '@companion/read-store';
import { buildProjections } from '@companion/all-projections';
import { withStores } from '../cli-context';

/** `status`: each projection's generation, checkpoint, lag and state, as the read store records them. */
export function statusCommand(program: Command): void {
  program
    .command('status')
    .description('projections: checkpoint, lag, state')
    .action((_options, command: Command) =>
      withStores(command, async ({ config, events, json }) => {
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
      }),
    );
}
