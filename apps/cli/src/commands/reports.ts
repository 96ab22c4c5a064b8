import type { Command } from 'commander';
import { openReadStore } from '@companion/platform/config';
import { ReadModels } from '@companion/read-store';
import type { ReportListing } from '@companion/reports';
import { buildProjections } from '@companion/all-projections';
import { integer, withStores } from '../cli-context';

/**
 * `reports [--agent ID] [--json] [--limit N]`: agents' reports newest first, from the reports read
 * model (docs/keys-and-safety.md). --agent keeps the reports about that agent.
 */
export function reportsCommand(program: Command): void {
  program
    .command('reports')
    .description("agents' reports, newest first")
    .option('--agent <ID>', 'only the reports about this agent')
    .option('--limit <N>', 'at most N reports', '100')
    .action((options: { agent?: string; limit: string }, command: Command) =>
      withStores(command, async ({ config, json }) => {
        const limit = integer(options.limit, '--limit') ?? 100;
        const store = await openReadStore(config);
        try {
          const readModels = new ReadModels(store, buildProjections(config));
          await readModels.refresh();
          // Loaded here, not at the CLI's start: the reports library's door brings Nest with it
          // (docs/cli-start.md).
          const { listReports } = await import('@companion/reports');
          const reports = await listReports(readModels, { agentId: options.agent, limit });
          if (json) console.log(JSON.stringify(reports));
          else if (reports.length === 0) console.log('no reports');
          else for (const r of reports) console.log(formatReport(r));
        } finally {
          await store.close();
        }
      }),
    );
}

const who = (a: { id: string; name: string | null }) =>
  a.name === null ? `${a.id} (deleted)` : `${a.id} (${a.name})`;

function formatReport(r: ReportListing): string {
  return [
    `${r.createdAt}  report ${r.reportId}`,
    `  reported: ${who(r.reported)}`,
    `  reporter: ${who(r.reporter)}`,
    `  match:    ${r.matchId ?? '-'}`,
    `  reason:   ${JSON.stringify(r.reason)}`,
  ].join('\n');
}
