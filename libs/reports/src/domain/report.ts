import { Decider, invalid } from '@companion/platform/domain';

/**
 * The `report-{id}` stream: one agent's report about another, a fact for the operators (an addition
 * to the spec; docs/keys-and-safety.md). Each report is its own stream, so reports never contend;
 * the per-reporter limit is a rate limit, counted before the command.
 */
export type ReportEvent = {
  type: 'ReportFiled';
  data: {
    reportId: string;
    reporterId: string;
    reportedId: string;
    reason: string;
    /** A match of the two agents the report is about, or null. */
    matchId: string | null;
  };
};

export interface FileReport {
  type: 'FileReport';
  reportId: string;
  reporterId: string;
  reportedId: string;
  reason: string;
  matchId: string | null;
}

export interface ReportState {
  filed: boolean;
}

export const reportDecider: Decider<ReportState, FileReport, ReportEvent> = {
  initialState: () => ({ filed: false }),

  evolve(state, event) {
    return event.type === 'ReportFiled' ? { filed: true } : state;
  },

  decide(command, state) {
    if (command.reporterId === command.reportedId)
      throw invalid('cannot_report_self', 'an agent cannot report itself');
    if (state.filed) return []; // the same report retried
    const { reportId, reporterId, reportedId, reason, matchId } = command;
    return [{ type: 'ReportFiled', data: { reportId, reporterId, reportedId, reason, matchId } }];
  },
};
