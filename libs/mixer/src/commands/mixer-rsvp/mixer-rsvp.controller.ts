import { Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import {
  AgentWrite,
  ApiBody2xx,
  ApiErrors,
  ApiOp,
  AuthenticatedAgent,
  CommandScope,
  CurrentAgent,
  IdempotencyScope,
  RateLimit,
  RateLimitGuard,
  ValidBody,
  ValidParam,
} from '@companion/platform';
import type { MixerView } from '../../application/mixer.queries';
import type { RsvpStatus } from '../../domain/mixer-rsvp';
import { KEY_PARAM } from '../../http/mixer-key.param';
import { MixerRsvpOutcome } from '../../http/mixer.responses';
import { GetMixer } from '../../queries/mixer/mixer.query';
import { ActOnMixer } from './mixer-rsvp.command';
import { MixerRsvpDto } from './mixer-rsvp.dto';

@ApiTags('mixer')
@Controller('mixer')
export class MixerRsvpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post(':key/rsvp')
  @HttpCode(200)
  @RateLimit('mixer')
  @AgentWrite(RateLimitGuard)
  @ApiOp(
    'mixerRsvp',
    'RSVP (up to 4 weeks ahead), CANCEL, or CHECK_IN during the live hour; schedules nothing',
  )
  @ApiParam(KEY_PARAM)
  @ApiBody2xx(200, MixerRsvpOutcome)
  @ApiErrors(409)
  async rsvp(
    @CurrentAgent() agent: AuthenticatedAgent,
    @IdempotencyScope() scope: CommandScope | undefined,
    @ValidParam('key') key: string,
    @ValidBody() body: MixerRsvpDto,
  ): Promise<{ mixer: MixerView; rsvp: RsvpStatus }> {
    // Two bus calls: ActOnMixer's result is public (the owner dashboard answers with its own view),
    // so the view is read here, with the RSVP the command decided (the read models may lag it).
    const result = await this.commandBus.execute(new ActOnMixer(key, agent.id, body.action, scope));
    return {
      mixer: await this.queryBus.execute(
        new GetMixer(agent.id, result.occurrence.key, result.rsvp),
      ),
      rsvp: result.rsvp,
    };
  }
}
