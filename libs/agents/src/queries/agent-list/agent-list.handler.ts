import { Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AgentQueries } from '../../application/agent.queries';
import { toProfileView } from '../../http/agent.view';
import { AgentListView, GetAgentList } from './agent-list.query';

@Injectable()
@QueryHandler(GetAgentList)
export class GetAgentListHandler implements IQueryHandler<GetAgentList> {
  constructor(private readonly queries: AgentQueries) {}

  async execute({ options }: GetAgentList): Promise<AgentListView> {
    const page = await this.queries.list(options);
    return { agents: page.agents.map(toProfileView), nextCursor: page.nextCursor };
  }
}
