import { agentsProjection } from '@companion/agents';
import { guidedDatesProjection, loveStoriesProjection } from '@companion/dates';
import { feedProjection } from '@companion/feed';
import { mixerProjections } from '@companion/mixer';
import { keyActivityProjection, ownerAccessProjection } from '@companion/owner';
import { pulseProjection } from '@companion/pulse';
import { reportsProjection } from '@companion/reports';
import {
  blocksProjection,
  chemistryHistoryProjection,
  discoveryProjection,
  Embedder,
  HttpTextEmbedder,
  leaderboardProjection,
  LocalEmbedder,
  matchingProjection,
} from '@companion/matching';
import type { AppConfig } from '@companion/platform';
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
