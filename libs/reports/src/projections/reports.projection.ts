import type { ProjectedEvent } from '@companion/event-store';
import type { Doc, Projection, ProjectionContext } from '@companion/read-store';
import type { ReportEvent } from '../domain/report';

/** One report, as operators list it. Reports are never served to agents. */
export interface ReportDoc extends Doc {
  reporterId: string;
  reportedId: string;
  reason: string;
  matchId: string | null;
  createdAt: string;
}

export const REPORTS = 'reports';

export const reportsProjection: Projection = {
  name: 'reports',
  version: 1,
  collections: [
    {
      name: REPORTS,
      indexes: [
        {
          name: 'by_newest',
          fields: [
            ['createdAt', -1],
            ['_id', -1],
          ],
        },
        {
          name: 'by_reported_newest',
          fields: [
            ['reportedId', 1],
            ['createdAt', -1],
            ['_id', -1],
          ],
        },
      ],
    },
  ],
  eventTypes: ['ReportFiled'],

  async apply(recorded: ProjectedEvent, ctx: ProjectionContext) {
    const event = { type: recorded.type, data: recorded.data } as ReportEvent;
    if (event.type !== 'ReportFiled') return;
    const { reportId, reporterId, reportedId, reason, matchId } = event.data;
    ctx.put<ReportDoc>(REPORTS, {
      _id: reportId,
      reporterId,
      reportedId,
      reason,
      matchId,
      createdAt: recorded.metadata.occurredAt,
    });
  },
};
