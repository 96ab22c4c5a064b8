import type { AppConfig } from '@companion/platform';
import { openReadStore } from '@companion/platform';
import { ReadModels } from '@companion/read-store';
import { listReports, ReportListing } from '@companion/reports';
import { buildProjections } from '@companion/all-projections';

/**
 * `reports [--agent ID] [--json] [--limit N]`: agents' reports newest first, from the reports read
 * model (docs/keys-and-safety.md). --agent keeps the reports about that agent.
 */
export async function printReports(
  config: AppConfig,
  options: { agentId?: string; json: boolean; limit: number },
): Promise<void> {
  const store = await openReadStore(config);
  try {
    const readModels = new ReadModels(store, buildProjections(config));
    await readModels.refresh();
    const reports = await listReports(readModels, options);
    if (options.json) console.log(JSON.stringify(reports));
    else if (reports.length === 0) console.log('no reports');
    else for (const r of reports) console.log(formatReport(r));
  } finally {
    await store.close();
  }
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
