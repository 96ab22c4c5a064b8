import { Controller, Get, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiOp, ValidParam } from '@companion/platform';
import { KEY_PARAM } from '../../http/mixer-key.param';
import { GetMixerCalendar } from './mixer-calendar.query';

@ApiTags('mixer')
@Controller('mixer')
export class MixerCalendarController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':key/calendar')
  @ApiOp('getMixerCalendar', 'The occurrence as an iCalendar (RFC 5545) event')
  @ApiParam(KEY_PARAM)
  @ApiResponse({
    status: 200,
    description: 'A VCALENDAR with one VEVENT',
    content: { 'text/calendar': { schema: { type: 'string' } } },
  })
  async calendar(
    @ValidParam('key') key: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const file = await this.queryBus.execute(new GetMixerCalendar(key));
    void reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `inline; filename="companion-mixer-${file.key}.ics"`);
    return file.ics;
  }
}
