import {
  Controller,
  HttpCode,
  Inject,
  Post,
  Res,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AppConfig, CONFIG } from '@companion/platform';
import { OpenOwnerSession } from '../../application/owner-access.queries';
import { clearedSessionCookie } from '../../http/owner-cookie';
import { OwnerHeadersInterceptor } from '../../http/owner-headers.interceptor';
import {
  CurrentOwnerSession,
  OwnerHeaderGuard,
  OwnerSessionGuard,
} from '../../http/owner-request.guards';
import { RevokeOwnerSession } from './revoke-owner-session.command';

/** The owner's Disconnect: this browser's session ends, and its cookie is cleared. */
@ApiExcludeController()
@Controller('owner/api')
@UseInterceptors(OwnerHeadersInterceptor)
export class RevokeOwnerSessionController {
  constructor(
    private readonly commandBus: CommandBus,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

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
