import { AgentDoc, AGENTS } from '@companion/agents';
import { ReadModels } from '@companion/read-store';
import { REPORTS, ReportDoc } from '../projections/reports.projection';

export interface ReportListing {
  reportId: string;
  createdAt: string;
  reported: { id: string; name: string | null };
  reporter: { id: string; name: string | null };
  reason: string;
  matchId: string | null;
}

/**
 * Reports newest first, optionally only those about one agent: the operators' listing (the CLI's
 * `reports`). Names are null for agents deleted since.
 */
export async function listReports(
  readModels: ReadModels,
  options: { agentId?: string; limit: number },
): Promise<ReportListing[]> {
  const docs = await readModels.find<ReportDoc>(
    REPORTS,
    options.agentId ? { reportedId: options.agentId } : {},
    {
      sort: [
        ['createdAt', -1],
        ['_id', -1],
      ],
      limit: options.limit,
    },
  );
  const ids = [...new Set(docs.flatMap((d) => [d.reportedId, d.reporterId]))];
  const names = new Map(
    (await readModels.getMany<AgentDoc>(AGENTS, ids)).map((a) => [a._id, a.profile.name]),
  );
  return docs.map((d) => ({
    reportId: d._id,
    createdAt: d.createdAt,
    reported: { id: d.reportedId, name: names.get(d.reportedId) ?? null },
    reporter: { id: d.reporterId, name: names.get(d.reporterId) ?? null },
    reason: d.reason,
    matchId: d.matchId,
  }));
}
