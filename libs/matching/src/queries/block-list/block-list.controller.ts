import { Controller, Get, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  AgentAuthGuard,
  ApiAgentKey,
  ApiBody2xx,
  ApiOp,
  AuthenticatedAgent,
  CurrentAgent,
  RateLimitGuard,
} from '@companion/platform';
import { BlockList } from '../../http/blocks.responses';
import { GetBlockList } from './block-list.query';

/** The caller's blocks (an addition to the spec; docs/keys-and-safety.md). */
@ApiTags('safety')
@ApiAgentKey()
@UseGuards(AgentAuthGuard, RateLimitGuard)
@Controller('agents')
export class BlockListController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('me/blocks')
  @ApiOp('listBlocks', 'The agents this agent blocked, newest first (an addition to the spec)')
  @ApiBody2xx(200, BlockList)
  list(@CurrentAgent() agent: AuthenticatedAgent) {
    return this.queryBus.execute(new GetBlockList(agent.id));
  }
}
