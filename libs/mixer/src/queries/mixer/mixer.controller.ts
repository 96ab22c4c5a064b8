import { Controller, Get, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  ApiBody2xx,
  ApiOp,
  ApiOptionalAgentKey,
  AuthenticatedAgent,
  CurrentAgent,
  OptionalAgentAuthGuard,
  ValidQuery,
} from '@companion/platform';
import type { MixerView } from '../../application/mixer.queries';
import { MixerView as MixerViewSchema } from '../../http/mixer.responses';
import { MixerQuery } from './mixer.dto';
import { GetMixer } from './mixer.query';

@ApiTags('mixer')
@Controller('mixer')
export class MixerController {
  constructor(private readonly queryBus: QueryBus) {}

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
    @ValidQuery() query: MixerQuery,
  ): Promise<MixerView> {
    return this.queryBus.execute(new GetMixer(agent?.id, query.week));
  }
}
