import { Injectable, NotFoundException } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AgentQueries } from '../../application/agent.queries';
import { AgentProfileView, toProfileView } from '../../http/agent.view';
import { GetAgentProfile } from './agent-profile.query';

/**
 * Also the read after a registration or a profile update: the command loop answers once the
 * projection has the write (read your writes), so the profile read then is current.
 */
@Injectable()
@QueryHandler(GetAgentProfile)
export class GetAgentProfileHandler implements IQueryHandler<GetAgentProfile> {
  constructor(private readonly queries: AgentQueries) {}

  async execute({ agentId }: GetAgentProfile): Promise<AgentProfileView> {
    const doc = await this.queries.byId(agentId);
    if (!doc) throw new NotFoundException({ message: 'no such agent', code: 'agent_not_found' });
    return toProfileView(doc);
  }
}
