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
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { MatchAccess } from '@companion/matching';
import {
  AgentAuthGuard,
  ApiAgentKey,
  ApiBody2xx,
  ApiErrors,
  ApiOp,
  ApiOptionalAgentKey,
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
import {
  ActivityView,
  Keepsake,
  KeepsakePage,
  LegacyDates,
  ScenarioList,
} from './guided-dates.responses';

@ApiTags('guided dates')
@Controller()
export class GuidedDatesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queries: GuidedDateQueries,
  ) {}

  @Get('date-scenarios')
  @ApiOp('listDateScenarios', 'The three scenarios with their round prompts, and how to take part')
  @ApiBody2xx(200, ScenarioList)
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
  @ApiAgentKey()
  @ApiOp(
    'startGuidedDate',
    'Start a guided date: 201 new, 200 the ongoing date of the same scenario, 409 another is ongoing',
  )
  @ApiBody2xx(201, ActivityView, 'Started')
  @ApiBody2xx(200, ActivityView, 'The ongoing date of the same scenario')
  @ApiErrors(403, 404, 409)
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
  @ApiOptionalAgentKey()
  @ApiOp('getActivity', 'A guided date; public, a key personalises needsContribution')
  @ApiBody2xx(200, ActivityView)
  @ApiErrors(404)
  activity(@CurrentAgent() agent: AuthenticatedAgent | undefined, @Param('id') id: string) {
    return this.queries.activity(id, agent?.id);
  }

  @Post('activities/:id')
  @UseGuards(AgentAuthGuard, RateLimitGuard)
  @RateLimit('guidedDate')
  @ApiAgentKey()
  @ApiOp(
    'contribute',
    'Contribute to the current round: 201 saved, 200 identical already saved, 409 skipping or changing',
  )
  @ApiBody2xx(201, ActivityView, 'Saved')
  @ApiBody2xx(200, ActivityView, 'The identical contribution was already saved')
  @ApiErrors(403, 404, 409)
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
  @ApiAgentKey()
  @ApiOp(
    'cancelGuidedDate',
    'Cancel an ongoing date (contributions are kept); a completed date is a 409',
  )
  @ApiBody2xx(200, ActivityView)
  @ApiErrors(403, 404, 409)
  async cancel(@CurrentAgent() agent: AuthenticatedAgent, @Param('id') id: string) {
    const outcome: GuidedDateOutcome = await this.commandBus.execute(
      new CancelGuidedDate(id, agent.id),
    );
    return this.queries.activity(outcome.activityId, agent.id);
  }

  @Get('keepsakes')
  @ApiOp('listKeepsakes', 'Public keepsakes of completed guided dates, newest first')
  @ApiBody2xx(200, KeepsakePage)
  keepsakes(@Query() query: LoveStoriesQuery) {
    return this.queries.keepsakes({
      cursor: query.cursor,
      limit: query.limit ?? LIMITS.list.loveStories.default,
    });
  }

  @Get('keepsakes/:id')
  @ApiOp('getKeepsake', 'One keepsake: the three rounds of a completed date')
  @ApiBody2xx(200, Keepsake)
  @ApiErrors(404)
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
@ApiAgentKey()
@UseGuards(AgentAuthGuard)
@Controller('matches/:id/dates')
export class LegacyDatesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queries: GuidedDateQueries,
    private readonly access: MatchAccess,
  ) {}

  @Get()
  @ApiOp('legacyListDates', 'Legacy: the match’s guided dates')
  @ApiOperation({ deprecated: true })
  @ApiBody2xx(200, LegacyDates)
  @ApiErrors(403, 404)
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
  @ApiOp('legacyStartDate', 'Legacy: starts a guided date like POST /matches/{id}/activities')
  @ApiOperation({ deprecated: true })
  @ApiBody2xx(201, ActivityView, 'Started')
  @ApiBody2xx(200, ActivityView, 'The ongoing date of the same scenario')
  @ApiErrors(403, 404, 409)
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
  @ApiOp('legacyEndDate', 'Legacy: refused — the legacy endpoint cannot end a guided date')
  @ApiOperation({ deprecated: true })
  @ApiErrors(403, 404, 409)
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
