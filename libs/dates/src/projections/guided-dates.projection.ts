import type { ProjectedEvent } from '@companion/event-store';
import type { Doc, Projection, ProjectionContext } from '@companion/read-store';
import type { GuidedDateEvent, GuidedDateStatus } from '../domain/guided-date';
import type { ScenarioId } from '../domain/scenarios';

export interface ContributionDoc {
  step: number;
  agentId: string;
  content: string;
  createdAt: string;
}

export interface ActivityDoc extends Doc {
  matchId: string;
  agentIds: string[];
  scenarioId: ScenarioId;
  status: GuidedDateStatus;
  startedAt: string;
  startedBy: string;
  contributions: ContributionDoc[];
  completedAt: string | null;
  cancelledAt: string | null;
  cancelledBy: string | null;
  keepsakeId: string | null;
}

/** A match's guided dates, newest first (for the legacy endpoint and the pulse). */
export interface MatchActivitiesDoc extends Doc {
  activityIds: string[];
}

export interface KeepsakeDoc extends Doc {
  activityId: string;
  matchId: string;
  agentIds: string[];
  scenarioId: ScenarioId;
  contributions: ContributionDoc[];
  createdAt: string;
  position: number;
}

export const ACTIVITIES = 'activities';
export const MATCH_ACTIVITIES = 'matchActivities';
export const KEEPSAKES = 'keepsakes';

export const guidedDatesProjection: Projection = {
  name: 'guidedDates',
  version: 1,
  collections: [
    { name: ACTIVITIES },
    { name: MATCH_ACTIVITIES },
    { name: KEEPSAKES, indexes: [{ name: 'by_position', fields: [['position', -1]] }] },
  ],
  eventTypes: [
    'GuidedDateStarted',
    'ContributionAdded',
    'GuidedDateCompleted',
    'GuidedDateCancelled',
  ],

  async apply(recorded: ProjectedEvent, ctx: ProjectionContext) {
    const event = { type: recorded.type, data: recorded.data } as GuidedDateEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'GuidedDateStarted': {
        const { activityId, matchId, scenarioId, agentIds, startedBy } = event.data;
        await ctx.update<ActivityDoc>(ACTIVITIES, activityId, () => ({
          _id: activityId,
          matchId,
          agentIds,
          scenarioId,
          status: 'ongoing',
          startedAt: at,
          startedBy,
          contributions: [],
          completedAt: null,
          cancelledAt: null,
          cancelledBy: null,
          keepsakeId: null,
        }));
        await ctx.update<MatchActivitiesDoc>(MATCH_ACTIVITIES, matchId, (d) => ({
          _id: matchId,
          activityIds: [activityId, ...(d?.activityIds ?? [])],
        }));
        return;
      }
      case 'ContributionAdded': {
        const { activityId, agentId, step, content } = event.data;
        await ctx.update<ActivityDoc>(
          ACTIVITIES,
          activityId,
          (a) =>
            a && {
              ...a,
              contributions: [...a.contributions, { step, agentId, content, createdAt: at }],
            },
        );
        return;
      }
      case 'GuidedDateCompleted': {
        const { activityId, keepsakeId } = event.data;
        const activity = await ctx.get<ActivityDoc>(ACTIVITIES, activityId);
        if (!activity) return;
        await ctx.update<ActivityDoc>(
          ACTIVITIES,
          activityId,
          (a) => a && { ...a, status: 'completed', completedAt: at, keepsakeId },
        );
        await ctx.update<KeepsakeDoc>(KEEPSAKES, keepsakeId, () => ({
          _id: keepsakeId,
          activityId,
          matchId: activity.matchId,
          agentIds: activity.agentIds,
          scenarioId: activity.scenarioId,
          contributions: activity.contributions,
          createdAt: at,
          position: recorded.position,
        }));
        return;
      }
      case 'GuidedDateCancelled':
        await ctx.update<ActivityDoc>(
          ACTIVITIES,
          event.data.activityId,
          (a) =>
            a && {
              ...a,
              status: 'cancelled',
              cancelledAt: at,
              cancelledBy: event.data.cancelledBy,
            },
        );
        return;
    }
  },
};
