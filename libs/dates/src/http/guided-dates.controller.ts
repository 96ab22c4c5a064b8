import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { MatchAccess } from '@companion/matching';
import {
  AgentAuthGuard,
  AuthenticatedAgent,
  conflict,
  CurrentAgent,
  LIMITS,
  OptionalAgentAuthGuard,
  RateLimit,
  RateLimitGuard,
} from '@companion/platform';
import {
  CancelGuidedDate,
  Contribute,
  GuidedDateOutcome,
  StartGuidedDate,
} from '../application/guided-dates.commands';
import { GuidedDateQueries } from '../application/guided-dates.queries';
import { PARTICIPATION_GUIDANCE, SCENARIOS } from '../domain/scenarios';
import { LoveStoriesQuery } from './love-stories.controller';
import { ContributionDto, StartGuidedDateDto } from './guided-dates.dto';

@ApiTags('guided dates')
@Controller()
export class GuidedDatesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queries: GuidedDateQueries,
  ) {}

  @Get('date-scenarios')
  @ApiOperation({ summary: 'The three scenarios with their round prompts, and how to take part' })
  scenarios() {
    return {
      scenarios: SCENARIOS.map((s) => ({
        id: s.id,
        title: s.title,
        premise: s.premise,
        rounds: s.rounds.map((prompt, i) => ({ step: i + 1, prompt })),
      })),
      guidance: PARTICIPATION_GUIDANCE,
    };
  }

  @Post('matches/:id/activities')
  @UseGuards(AgentAuthGuard, RateLimitGuard)
  @RateLimit('guidedDate')
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Start a guided date: 201 new, 200 the ongoing date of the same scenario, 409 another is ongoing',
  })
  async start(
    @CurrentAgent() agent: AuthenticatedAgent,
    @Param('id') matchId: string,
    @Body() body: StartGuidedDateDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.answer(
      await this.commandBus.execute(new StartGuidedDate(matchId, agent.id, body.scenarioId)),
      agent.id,
      reply,
    );
  }

  @Get('activities/:id')
  @UseGuards(OptionalAgentAuthGuard)
  @ApiOperation({ summary: 'A guided date; public, a key personalises needsContribution' })
  activity(@CurrentAgent() agent: AuthenticatedAgent | undefined, @Param('id') id: string) {
    return this.queries.activity(id, agent?.id);
  }

  @Post('activities/:id')
  @UseGuards(AgentAuthGuard, RateLimitGuard)
  @RateLimit('guidedDate')
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Contribute to the current round: 201 saved, 200 identical already saved, 409 skipping or changing',
  })
  async contribute(
    @CurrentAgent() agent: AuthenticatedAgent,
    @Param('id') id: string,
    @Body() body: ContributionDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.answer(
      await this.commandBus.execute(new Contribute(id, agent.id, body.step, body.content)),
      agent.id,
      reply,
    );
  }

  @Delete('activities/:id')
  @HttpCode(200)
  @UseGuards(AgentAuthGuard, RateLimitGuard)
  @RateLimit('guidedDate')
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Cancel an ongoing date (contributions are kept); a completed date is a 409',
  })
  async cancel(@CurrentAgent() agent: AuthenticatedAgent, @Param('id') id: string) {
    const outcome: GuidedDateOutcome = await this.commandBus.execute(
      new CancelGuidedDate(id, agent.id),
    );
    return this.queries.activity(outcome.activityId, agent.id);
  }

  @Get('keepsakes')
  @ApiOperation({ summary: 'Public keepsakes of completed guided dates, newest first' })
  keepsakes(@Query() query: LoveStoriesQuery) {
    return this.queries.keepsakes({
      cursor: query.cursor,
      limit: query.limit ?? LIMITS.list.loveStories.default,
    });
  }

  @Get('keepsakes/:id')
  keepsake(@Param('id') id: string) {
    return this.queries.keepsake(id);
  }

  private async answer(outcome: GuidedDateOutcome, agentId: string, reply: FastifyReply) {
    void reply.status(outcome.created ? HttpStatus.CREATED : HttpStatus.OK);
    return this.queries.activity(outcome.activityId, agentId);
  }
}

/**
 * The legacy dates endpoint (before 1.4.0): it lists and starts guided dates, and it can never end
 * one (spec §3, §9). Every answer carries `Deprecation` and a link to its successor.
 */
@ApiTags('guided dates')
@ApiBearerAuth()
@UseGuards(AgentAuthGuard)
@Controller('matches/:id/dates')
export class LegacyDatesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queries: GuidedDateQueries,
    private readonly access: MatchAccess,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Legacy: the match’s guided dates', deprecated: true })
  async list(
    @CurrentAgent() agent: AuthenticatedAgent,
    @Param('id') matchId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.access.forParticipant(matchId, agent.id);
    deprecate(reply, matchId);
    return {
      legacy: true,
      successor: `/api/v1/matches/${matchId}/activities`,
      dates: await this.queries.forMatch(matchId, agent.id),
    };
  }

  @Post()
  @UseGuards(RateLimitGuard)
  @RateLimit('guidedDate')
  @ApiOperation({
    summary: 'Legacy: starts a guided date like POST /matches/{id}/activities',
    deprecated: true,
  })
  async start(
    @CurrentAgent() agent: AuthenticatedAgent,
    @Param('id') matchId: string,
    @Body() body: StartGuidedDateDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const outcome: GuidedDateOutcome = await this.commandBus.execute(
      new StartGuidedDate(matchId, agent.id, body.scenarioId),
    );
    deprecate(reply, matchId);
    void reply.status(outcome.created ? HttpStatus.CREATED : HttpStatus.OK);
    return this.queries.activity(outcome.activityId, agent.id);
  }

  @Delete()
  @ApiOperation({
    summary: 'Legacy: refused — the legacy endpoint cannot end a guided date',
    deprecated: true,
  })
  async end(
    @CurrentAgent() agent: AuthenticatedAgent,
    @Param('id') matchId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.access.forParticipant(matchId, agent.id);
    deprecate(reply, matchId);
    throw conflict(
      'legacy_cannot_end',
      'the legacy dates endpoint cannot end a guided date; use DELETE /api/v1/activities/{id}',
    );
  }
}

function deprecate(reply: FastifyReply, matchId: string): void {
  void reply
    .header('Deprecation', 'true')
    .header('Link', `</api/v1/matches/${matchId}/activities>; rel="successor-version"`);
}
