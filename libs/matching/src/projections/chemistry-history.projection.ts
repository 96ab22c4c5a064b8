import type { ProjectedEvent } from '@companion/event-store';
import type { Doc, Projection, ProjectionContext } from '@companion/read-store';

/** Ours: the ratings kept per match for the owner's chart, the latest ones. */
export const CHEMISTRY_HISTORY_MAX = 200;

export interface ChemistryPoint {
  raterId: string;
  rating: number;
  at: string;
}

/** Every chemistry rating of one match in the order given (the matches read model keeps only the latest per rater). */
export interface ChemistryHistoryDoc extends Doc {
  points: ChemistryPoint[];
}

export const CHEMISTRY_HISTORY = 'chemistryHistory';

export const chemistryHistoryProjection: Projection = {
  name: 'chemistryHistory',
  version: 1,
  collections: [{ name: CHEMISTRY_HISTORY }],
  eventTypes: ['ChemistryRated'],

  async apply(event: ProjectedEvent, ctx: ProjectionContext) {
    const { matchId, raterId, rating } = event.data as {
      matchId: string;
      raterId: string;
      rating: number;
    };
    const point = { raterId, rating, at: event.metadata.occurredAt };
    await ctx.update<ChemistryHistoryDoc>(CHEMISTRY_HISTORY, matchId, (doc) => ({
      _id: matchId,
      points: [...(doc?.points ?? []), point].slice(-CHEMISTRY_HISTORY_MAX),
    }));
  },
};
