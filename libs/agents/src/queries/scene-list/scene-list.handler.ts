import { Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AgentQueries, SceneWithCount } from '../../application/agent.queries';
import { GetSceneList } from './scene-list.query';

@Injectable()
@QueryHandler(GetSceneList)
export class GetSceneListHandler implements IQueryHandler<GetSceneList> {
  constructor(private readonly queries: AgentQueries) {}

  async execute(): Promise<{ scenes: SceneWithCount[] }> {
    return { scenes: await this.queries.scenes() };
  }
}
