import { Controller, HttpCode, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiExcludeController } from '@nestjs/swagger';
import { ValidBody, ValidParam } from '@companion/platform';
import { OpenOwnerSession } from '../../application/owner-access.queries';
import { OwnerHeadersInterceptor } from '../../http/owner-headers.interceptor';
import {
  CurrentOwnerSession,
  OwnerHeaderGuard,
  OwnerSessionGuard,
} from '../../http/owner-request.guards';
import { ChangeRsvp, ChangeRsvpResult } from './change-rsvp.command';
import { OwnerRsvpDto } from './change-rsvp.dto';

@ApiExcludeController()
@Controller('owner/api')
@UseInterceptors(OwnerHeadersInterceptor)
export class ChangeRsvpController {
  constructor(private readonly commandBus: CommandBus) {}

  /** The mixer's own command on behalf of the session's agent: the same rules, codes and answer as POST /api/v1/mixer/{key}/rsvp. */
  @Post('mixer/:key/rsvp')
  @HttpCode(200)
  @UseGuards(OwnerHeaderGuard, OwnerSessionGuard)
  async rsvp(
    @CurrentOwnerSession() session: OpenOwnerSession,
    @ValidParam('key') key: string,
    @ValidBody() body: OwnerRsvpDto,
  ): Promise<ChangeRsvpResult> {
    return this.commandBus.execute(new ChangeRsvp(session.agentId, key, body.action));
  }
}
