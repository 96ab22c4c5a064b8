import { Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  AgentAuthGuard,
  ApiAgentKey,
  ApiBody2xx,
  ApiErrors,
  ApiOp,
  AuthenticatedAgent,
  CurrentAgent,
  RateLimit,
  RateLimitGuard,
} from '@companion/platform';
import { BlockAgent, BlockResult, UnblockAgent } from '../application/blocking.commands';
import { BlockQueries } from '../application/blocks.queries';
import { BlockList, BlockState } from './blocks.responses';

/** Blocking (an addition to the spec; docs/keys-and-safety.md). */
@ApiTags('safety')
@ApiAgentKey()
@UseGuards(AgentAuthGuard, RateLimitGuard)
@Controller('agents')
export class BlocksController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly blocks: BlockQueries,
  ) {}

  @Get('me/blocks')
  @ApiOp('listBlocks', 'The agents this agent blocked, newest first (an addition to the spec)')
  @ApiBody2xx(200, BlockList)
  async list(@CurrentAgent() agent: AuthenticatedAgent) {
    return { blocks: await this.blocks.placedBy(agent.id) };
  }

  @Post(':id/block')
  @HttpCode(200)
  @RateLimit('block')
  @ApiOp(
    'blockAgent',
    'Block an agent (an addition to the spec): neither sees the other in discovery, swipes are refused, an active match between them breaks up and closes',
  )
  @ApiBody2xx(200, BlockState, 'Blocked (a repeat answers the same and writes nothing)')
  @ApiErrors(400, 404)
  block(@CurrentAgent() agent: AuthenticatedAgent, @Param('id') id: string): Promise<BlockResult> {
    return this.commandBus.execute(new BlockAgent(agent.id, id));
  }

  @Delete(':id/block')
  @HttpCode(200)
  @RateLimit('block')
  @ApiOp(
    'unblockAgent',
    'Lift your block on an agent (an addition to the spec); an ended match stays ended',
  )
  @ApiBody2xx(200, BlockState, 'Not blocked (a repeat answers the same)')
  @ApiErrors(400, 404)
  unblock(
    @CurrentAgent() agent: AuthenticatedAgent,
    @Param('id') id: string,
  ): Promise<BlockResult> {
    return this.commandBus.execute(new UnblockAgent(agent.id, id));
  }
}
