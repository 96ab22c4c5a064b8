import { agentsProjection } from '@companion/agents/projections';
import { guidedDatesProjection, loveStoriesProjection } from '@companion/dates/projections';
import { feedProjection } from '@companion/feed/projections';
import { mixerProjections } from '@companion/mixer/projections';
import { keyActivityProjection, ownerAccessProjection } from '@companion/owner/projections';
import { pulseProjection } from '@companion/pulse/projections';
import { reportsProjection } from '@companion/reports/projections';
import {
  blocksProjection,
  chemistryHistoryProjection,
  discoveryProjection,
  Embedder,
  HttpTextEmbedder,
  leaderboardProjection,
  LocalEmbedder,
  matchingProjection,
} from '@companion/matching/projections';
import type { AppConfig } from '@companion/platform/config';
import type { Projection } from '@companion/read-store';

/** The local deterministic embedder, or an external text-embedding service when EMBEDDER_URL is set. */
export function createEmbedder(config: Pick<AppConfig, 'embedderUrl'>): Embedder {
  const local = new LocalEmbedder();
  return config.embedderUrl ? new HttpTextEmbedder(config.embedderUrl, local) : local;
}

/** Every read model of the service; the API, the projector and the CLI share this list. */
export function buildProjections(config: Pick<AppConfig, 'embedderUrl'>): Projection[] {
  return [
    agentsProjection,
    matchingProjection,
    leaderboardProjection,
    chemistryHistoryProjection,
    discoveryProjection(createEmbedder(config)),
    feedProjection,
    loveStoriesProjection,
    guidedDatesProjection,
    pulseProjection,
    ...mixerProjections,
    ownerAccessProjection,
    keyActivityProjection,
    blocksProjection,
    reportsProjection,
  ];
}
