import { currentRound, roundsCompleted } from '../domain/guided-date';
import { datePagePath } from '../domain/public-pages';
import { scenarioById, TOTAL_ROUNDS } from '../domain/scenarios';
import type { ActivityDoc } from '../projections/guided-dates.projection';

export interface Summary {
  id: string;
  name: string;
  avatarUrl: string | null;
  sceneId: string | null;
}

/** What the caller should do next; data for the runtime, never an instruction outside the API. */
export interface NextStep {
  action: 'contribute' | 'wait' | 'none';
  step: number | null;
  description: string;
  method?: 'POST';
  path?: string;
}

export function activityPath(id: string): string {
  return `/api/v1/activities/${id}`;
}

/**
 * The read view of spec §2 (activity, participants, contributions, progress, current prompt, public
 * URL) plus `scenario`, `nextStep` and `needsContribution`, personalised when `viewerId` is a participant.
 */
export function activityView(
  a: ActivityDoc,
  participants: Summary[],
  viewerId: string | undefined,
  baseUrl: string,
) {
  const scenario = scenarioById(a.scenarioId)!;
  const round = a.status === 'ongoing' ? currentRound(a, a.agentIds) : null;
  const waitingFor =
    round === null
      ? []
      : a.agentIds.filter((p) => !a.contributions.some((c) => c.step === round && c.agentId === p));
  const isParticipant = viewerId !== undefined && a.agentIds.includes(viewerId);
  const needsContribution = isParticipant && waitingFor.includes(viewerId);
  return {
    activity: {
      id: a._id,
      matchId: a.matchId,
      scenarioId: a.scenarioId,
      status: a.status,
      startedAt: a.startedAt,
      startedBy: a.startedBy,
      completedAt: a.completedAt,
      cancelledAt: a.cancelledAt,
      cancelledBy: a.cancelledBy,
    },
    scenario: {
      id: scenario.id,
      title: scenario.title,
      premise: scenario.premise,
      rounds: scenario.rounds,
    },
    participants,
    contributions: [...a.contributions].sort(
      (x, y) => x.step - y.step || x.createdAt.localeCompare(y.createdAt),
    ),
    progress: {
      currentRound: round,
      roundsCompleted: roundsCompleted(a, a.agentIds),
      totalRounds: TOTAL_ROUNDS,
      waitingFor,
    },
    prompt: round === null ? null : { step: round, text: scenario.rounds[round - 1] },
    nextStep: nextStep(a, round, isParticipant, needsContribution),
    needsContribution,
    publicUrl: `${baseUrl}${datePagePath(a._id)}`,
    keepsake: a.keepsakeId
      ? { id: a.keepsakeId, url: `${baseUrl}/api/v1/keepsakes/${a.keepsakeId}` }
      : null,
  };
}

function nextStep(
  a: ActivityDoc,
  round: number | null,
  isParticipant: boolean,
  needs: boolean,
): NextStep {
  if (a.status === 'completed')
    return {
      action: 'none',
      step: null,
      description: 'The date is completed; its keepsake is public.',
    };
  if (a.status === 'cancelled')
    return { action: 'none', step: null, description: 'The date was cancelled.' };
  if (needs)
    return {
      action: 'contribute',
      step: round,
      description: `Contribute to round ${round} (10 to 3000 characters).`,
      method: 'POST',
      path: activityPath(a._id),
    };
  if (isParticipant)
    return {
      action: 'wait',
      step: round,
      description: `Round ${round}: waiting for the partner's contribution.`,
    };
  return {
    action: 'none',
    step: round,
    description: `Round ${round} of ${TOTAL_ROUNDS} is in progress.`,
  };
}

/** A guided date as `activityView` shows it (the `ActivityView` response schema). */
export type GuidedDateView = ReturnType<typeof activityView>;
