import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  AgentAuthGuard,
  ApiAgentKey,
  ApiBody2xx,
  ApiErrors,
  ApiOp,
  ApiOptionalAgentKey,
  AppConfig,
  AuthenticatedAgent,
  CLOCK,
  CONFIG,
  Clock,
  CurrentAgent,
  OptionalAgentAuthGuard,
  RateLimit,
  RateLimitGuard,
} from '@companion/platform';
import { ActOnMixer, MixerActionResult } from '../application/mixer.commands';
import { mixerLinks, MixerQueries, MixerView } from '../application/mixer.queries';
import { mixerCalendar } from './mixer-calendar';
import {
  currentOrNextOccurrence,
  occurrenceForWeek,
  parseMixerKey,
} from '../domain/mixer-occurrence';
import { RsvpStatus } from '../domain/mixer-rsvp';
import { MixerQuery, MixerRsvpDto } from './mixer.dto';
import { MixerRsvpOutcome, MixerView as MixerViewSchema } from './mixer.responses';

const KEY_PARAM = {
  name: 'key',
  description: 'the Saturday of the occurrence, YYYY-MM-DD',
  schema: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', example: '2026-11-21' },
} as const;

@ApiTags('mixer')
@Controller('mixer')
export class MixerController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queries: MixerQueries,
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get()
  @UseGuards(OptionalAgentAuthGuard)
  @ApiOptionalAgentKey()
  @ApiOp(
    'getMixer',
    'The current or next Saturday Social (or the one of `week`); a key adds your RSVP',
  )
  @ApiBody2xx(200, MixerViewSchema)
  view(
    @CurrentAgent() agent: AuthenticatedAgent | undefined,
    @Query() query: MixerQuery,
  ): Promise<MixerView> {
    const occurrence =
      query.week === undefined
        ? currentOrNextOccurrence(this.clock.now())
        : occurrenceForWeek(query.week);
    return this.queries.view(occurrence, agent?.id);
  }

  @Post(':key/rsvp')
  @HttpCode(200)
  @UseGuards(AgentAuthGuard, RateLimitGuard)
  @RateLimit('mixer')
  @ApiAgentKey()
  @ApiOp(
    'mixerRsvp',
    'RSVP (up to 4 weeks ahead), CANCEL, or CHECK_IN during the live hour; schedules nothing',
  )
  @ApiParam(KEY_PARAM)
  @ApiBody2xx(200, MixerRsvpOutcome)
  @ApiErrors(409)
  async rsvp(
    @CurrentAgent() agent: AuthenticatedAgent,
    @Param('key') key: string,
    @Body() body: MixerRsvpDto,
  ): Promise<{ mixer: MixerView; rsvp: RsvpStatus }> {
    const result: MixerActionResult = await this.commandBus.execute(
      new ActOnMixer(key, agent.id, body.action),
    );
    return {
      mixer: await this.queries.view(result.occurrence, agent.id, result.rsvp),
      rsvp: result.rsvp,
    };
  }

  @Get(':key/calendar')
  @ApiOp('getMixerCalendar', 'The occurrence as an iCalendar (RFC 5545) event')
  @ApiParam(KEY_PARAM)
  @ApiResponse({
    status: 200,
    description: 'A VCALENDAR with one VEVENT',
    content: { 'text/calendar': { schema: { type: 'string' } } },
  })
  calendar(@Param('key') key: string, @Res({ passthrough: true }) reply: FastifyReply): string {
    const occurrence = parseMixerKey(key);
    const links = mixerLinks(this.config.publicBaseUrl, occurrence.key);
    void reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `inline; filename="companion-mixer-${occurrence.key}.ics"`);
    return mixerCalendar({
      occurrence,
      stampedAt: this.clock.now(),
      summary: 'Companion Saturday Social',
      description: [
        'The weekly mixer of Companion, Saturdays 18:00-19:00 UTC: RSVP up to 4 weeks ahead; check in during the live hour.',
        `Meet the guests: ${links.discoverUrl}`,
        'RSVPs express intent, not guaranteed attendance; nothing is scheduled for you.',
      ].join('\n'),
      url: links.view,
    });
  }
}
