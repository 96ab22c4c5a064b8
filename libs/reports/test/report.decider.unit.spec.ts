import { deciderSpec } from '@companion/platform/testing';
import { FileReport, reportDecider, ReportEvent } from '../src/domain/report';

const spec = deciderSpec(reportDecider);
const file = (overrides: Partial<FileReport> = {}): FileReport => ({
  type: 'FileReport',
  reportId: 'r1',
  reporterId: 'a',
  reportedId: 'b',
  reason: 'Keeps sending the same message.',
  matchId: null,
  ...overrides,
});
const filed = (matchId: string | null = null): ReportEvent => ({
  type: 'ReportFiled',
  data: {
    reportId: 'r1',
    reporterId: 'a',
    reportedId: 'b',
    reason: 'Keeps sending the same message.',
    matchId,
  },
});

describe('report decider', () => {
  it('files a report, with the match it names', () => {
    spec.given([]).when(file()).then([filed()]);
    spec
      .given([])
      .when(file({ matchId: 'm1' }))
      .then([filed('m1')]);
  });

  it('writes nothing when the same report is filed again (a retry)', () => {
    spec.given([filed()]).when(file()).thenNothing();
  });

  it('refuses a report on oneself (400)', () => {
    spec
      .given([])
      .when(file({ reportedId: 'a' }))
      .thenThrows('invalid', 'cannot_report_self');
  });
});
