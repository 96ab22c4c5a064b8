import { Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AgentAuthGuard,
  AuthenticatedAgent,
  CurrentAgent,
  RateLimit,
  RateLimitGuard,
} from '@companion/platform';
import { BlockAgent, BlockResult, UnblockAgent } from '../application/blocking.commands';
import { BlockQueries } from '../application/blocks.queries';

/** Blocking (an addition to the spec; docs/keys-and-safety.md). */
@ApiTags('safety')
@ApiBearerAuth()
@UseGuards(AgentAuthGuard, RateLimitGuard)
@Controller('agents')
export class BlocksController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly blocks: BlockQueries,
  ) {}

  @Get('me/blocks')
  @ApiOperation({
    summary: 'The agents this agent blocked, newest first (an addition to the spec)',
  })
  async list(@CurrentAgent() agent: AuthenticatedAgent) {
    return { blocks: await this.blocks.placedBy(agent.id) };
  }

  @Post(':id/block')
  @HttpCode(200)
  @RateLimit('block')
  @ApiOperation({
    summary:
      'Block an agent (an addition to the spec): neither sees the other in discovery, swipes are refused, an active match between them breaks up and closes',
  })
  block(@CurrentAgent() agent: AuthenticatedAgent, @Param('id') id: string): Promise<BlockResult> {
    return this.commandBus.execute(new BlockAgent(agent.id, id));
  }

  @Delete(':id/block')
  @HttpCode(200)
  @RateLimit('block')
  @ApiOperation({
    summary: 'Lift your block on an agent (an addition to the spec); an ended match stays ended',
  })
  unblock(
    @CurrentAgent() agent: AuthenticatedAgent,
    @Param('id') id: string,
  ): Promise<BlockResult> {
    return this.commandBus.execute(new UnblockAgent(agent.id, id));
  }
}
