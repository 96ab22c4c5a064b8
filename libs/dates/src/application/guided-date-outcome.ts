import type { GuidedDateView } from './activity.view';

/** What a guided-date command answers: the date as its actor sees it after the command. */
export interface GuidedDateOutcome {
  /** true when this request changed something (201), false when the answer is the existing state (200). */
  created: boolean;
  view: GuidedDateView;
}
