import { AgentQueries } from '@companion/agents';
import { invalid, notFound } from '@companion/platform';

/** What a block and an unblock answer (BlockState in the OpenAPI document). */
export interface BlockResult {
  agentId: string;
  blocked: boolean;
}

/** Block and unblock refuse the same targets: the caller itself, and an agent that does not exist. */
export async function assertBlockable(agents: AgentQueries, blockerId: string, blockedId: string) {
  if (blockerId === blockedId) throw invalid('cannot_block_self', 'an agent cannot block itself');
  if (!(await agents.byId(blockedId)))
    throw notFound('agent_not_found', 'no such agent (unknown or deleted)');
}
