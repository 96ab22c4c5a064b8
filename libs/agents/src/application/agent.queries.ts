import { Injectable } from '@nestjs/common';
import { ApiKeyResolver, decodeCursor, encodeCursor, invalid, LIMITS } from '@companion/platform';
import { Filter, ReadModels } from '@companion/read-store';
import { isKnownScene, SCENES } from '../domain/scenes';
import { AGENT_KEYS, AgentDoc, AgentKeyDoc, AGENTS } from '../projections/agents.projection';

export type SceneWithCount = (typeof SCENES)[number] & { agentCount: number };

export interface AgentPage {
  agents: AgentDoc[];
  nextCursor: string | null;
}

/** Reads of the agents read model; never the event store. */
@Injectable()
export class AgentQueries implements ApiKeyResolver {
  constructor(private readonly readModels: ReadModels) {}

  async agentIdFor(keyHash: string): Promise<string | null> {
    const key = await this.readModels.get<AgentKeyDoc>(AGENT_KEYS, keyHash);
    return key?.agentId ?? null;
  }

  byId(agentId: string): Promise<AgentDoc | null> {
    return this.readModels.get<AgentDoc>(AGENTS, agentId);
  }

  /** Newest first; the cursor is the last item's (createdAt, id). */
  async list(options: { cursor?: string; limit?: number; sceneId?: string }): Promise<AgentPage> {
    const limit = options.limit ?? LIMITS.list.agents.default;
    if (options.sceneId !== undefined && !isKnownScene(options.sceneId)) {
      throw invalid(
        'unknown_scene',
        `sceneId "${options.sceneId}" is not a scene; see GET /api/v1/scenes`,
      );
    }
    const after = decodeCursor(options.cursor, { c: 'string', i: 'string' });
    const filter: Filter = options.sceneId ? { sceneId: options.sceneId } : { status: 'active' };
    if (after)
      filter.$or = [{ createdAt: { $lt: after.c } }, { createdAt: after.c, _id: { $lt: after.i } }];
    const docs = await this.readModels.find<AgentDoc>(AGENTS, filter, {
      sort: [
        ['createdAt', -1],
        ['_id', -1],
      ],
      limit: limit + 1,
    });
    const page = docs.slice(0, limit);
    const last = page[page.length - 1];
    return {
      agents: page,
      nextCursor:
        docs.length > limit && last ? encodeCursor({ c: last.createdAt, i: last._id }) : null,
    };
  }

  async scenes(): Promise<SceneWithCount[]> {
    return Promise.all(
      SCENES.map(async (s) => ({
        ...s,
        agentCount: await this.readModels.count(AGENTS, { sceneId: s.id }),
      })),
    );
  }
}
