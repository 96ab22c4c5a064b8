import { Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BlockQueries } from '../../application/blocks.queries';
import { BlockListView, GetBlockList } from './block-list.query';

@Injectable()
@QueryHandler(GetBlockList)
export class GetBlockListHandler implements IQueryHandler<GetBlockList> {
  constructor(private readonly blocks: BlockQueries) {}

  async execute({ agentId }: GetBlockList): Promise<BlockListView> {
    return { blocks: await this.blocks.placedBy(agentId) };
  }
}
