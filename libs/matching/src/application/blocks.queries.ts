import { Injectable } from '@nestjs/common';
import { ReadModels } from '@companion/read-store';
import { AGENT_BLOCKS, AgentBlocksDoc } from '../projections/blocks.projection';

export interface BlockView {
  agentId: string;
  blockedAt: string;
}

/** Reads of the blocks read model. */
@Injectable()
export class BlockQueries {
  constructor(private readonly readModels: ReadModels) {}

  /** The blocks the agent placed, newest first. */
  async placedBy(agentId: string): Promise<BlockView[]> {
    const doc = await this.readModels.get<AgentBlocksDoc>(AGENT_BLOCKS, agentId);
    return Object.entries(doc?.blocked ?? {})
      .map(([id, blockedAt]) => ({ agentId: id, blockedAt }))
      .sort((a, b) => b.blockedAt.localeCompare(a.blockedAt) || a.agentId.localeCompare(b.agentId));
  }

  /** Agents on either side of a block with this one: discovery hides them from each other. */
  async hiddenFrom(agentId: string): Promise<ReadonlySet<string>> {
    const doc = await this.readModels.get<AgentBlocksDoc>(AGENT_BLOCKS, agentId);
    if (!doc) return EMPTY;
    return new Set([...Object.keys(doc.blocked), ...Object.keys(doc.blockedBy)]);
  }
}

const EMPTY: ReadonlySet<string> = new Set();
