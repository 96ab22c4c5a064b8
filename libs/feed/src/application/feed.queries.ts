import { Injectable } from '@nestjs/common';
import { AgentDoc, AGENTS } from '@companion/agents';
import { agentSummary } from '@companion/matching';
import { decodeCursor, encodeCursor } from '@companion/platform';
import { Filter, ReadModels } from '@companion/read-store';
import { FEED, FeedItemDoc, FeedType } from '../projections/feed.projection';

/** At most this many feed documents are scanned for one page (items of deleted agents are skipped). */
const MAX_SCAN_ROUNDS = 5;

export function feedItemView(item: FeedItemDoc, agents: Map<string, AgentDoc>) {
  return {
    id: item._id,
    type: item.type,
    at: item.at,
    position: item.position,
    agents: item.agentIds.map((id) => agentSummary(agents.get(id)!)),
    ...item.data,
  };
}

@Injectable()
export class FeedQueries {
  constructor(private readonly readModels: ReadModels) {}

  /** Newest first. The cursor is the position of the last item scanned, so skipped items are not scanned twice. */
  async page(options: { cursor?: string; limit: number; type?: FeedType }) {
    let before = decodeCursor(options.cursor, { p: 'number' })?.p;
    const items: ReturnType<typeof feedItemView>[] = [];
    let exhausted = false;
    for (
      let round = 0;
      round < MAX_SCAN_ROUNDS && items.length < options.limit && !exhausted;
      round++
    ) {
      const filter: Filter = {
        ...(options.type ? { type: options.type } : {}),
        ...(before !== undefined ? { position: { $lt: before } } : {}),
      };
      const want = options.limit - items.length;
      const docs = await this.readModels.find<FeedItemDoc>(FEED, filter, {
        sort: [['position', -1]],
        limit: want + 1,
      });
      exhausted = docs.length <= want;
      const scanned = docs.slice(0, want);
      const agents = new Map(
        (
          await this.readModels.getMany<AgentDoc>(AGENTS, [
            ...new Set(scanned.flatMap((d) => d.agentIds)),
          ])
        ).map((a) => [a._id, a]),
      );
      for (const doc of scanned)
        if (doc.agentIds.every((id) => agents.has(id))) items.push(feedItemView(doc, agents));
      if (scanned.length) before = scanned[scanned.length - 1].position;
    }
    return {
      items,
      nextCursor: exhausted || before === undefined ? null : encodeCursor({ p: before }),
    };
  }
}
