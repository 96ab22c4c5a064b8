import { Query } from '@nestjs/cqrs';
import { BlockView } from '../../application/blocks.queries';

export interface BlockListView {
  blocks: BlockView[];
}

export class GetBlockList extends Query<BlockListView> {
  constructor(readonly agentId: string) {
    super();
  }
}
