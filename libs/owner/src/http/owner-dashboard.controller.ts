import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Res,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ActOnMixer, MixerActionResult, MixerQueries } from '@companion/mixer';
import { AppConfig, CONFIG } from '@companion/platform';
import { OpenOwnerSession } from '../application/owner-access.queries';
import { OwnerDashboard } from '../application/owner-dashboard';
import { RevokeOwnerSession } from '../application/owner.commands';
import { clearedSessionCookie } from './owner-cookie';
import { OwnerHeadersInterceptor } from './owner-headers.interceptor';
import { CurrentOwnerSession, OwnerHeaderGuard, OwnerSessionGuard } from './owner-request.guards';
import { OwnerRsvpDto } from './owner.dto';

/**
 * What an owner session may do (spec §5 rule 8): read the dashboard, change the RSVP, disconnect.
 * Nothing here posts a message or reads a key, and the cookie authenticates nothing under /api/v1.
 */
@ApiExcludeController()
@Controller('owner/api')
@UseInterceptors(OwnerHeadersInterceptor)
export class OwnerDashboardController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly dashboard: OwnerDashboard,
    private readonly mixer: MixerQueries,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('dashboard')
  @UseGuards(OwnerSessionGuard)
  async view(@CurrentOwnerSession() session: OpenOwnerSession) {
    return {
      ...(await this.dashboard.for(session.agentId)),
      session: { expiresAt: session.expiresAt },
    };
  }

  /** The mixer's own command on behalf of the session's agent: the same rules, codes and answer as POST /api/v1/mixer/{key}/rsvp. */
  @Post('mixer/:key/rsvp')
  @HttpCode(200)
  @UseGuards(OwnerHeaderGuard, OwnerSessionGuard)
  async rsvp(
    @CurrentOwnerSession() session: OpenOwnerSession,
    @Param('key') key: string,
    @Body() body: OwnerRsvpDto,
  ) {
    const result: MixerActionResult = await this.commandBus.execute(
      new ActOnMixer(key, session.agentId, body.action),
    );
    return {
      mixer: await this.mixer.view(result.occurrence, session.agentId, result.rsvp),
      rsvp: result.rsvp,
    };
  }

  @Post('disconnect')
  @HttpCode(200)
  @UseGuards(OwnerHeaderGuard, OwnerSessionGuard)
  async disconnect(
    @CurrentOwnerSession() session: OpenOwnerSession,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.commandBus.execute(new RevokeOwnerSession(session.agentId, session.sessionHash));
    void reply.header('Set-Cookie', clearedSessionCookie(this.config.production));
    return { disconnected: true };
  }
}
