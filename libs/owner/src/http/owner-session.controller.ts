import {
  Body,
  Controller,
  Headers,
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
import { invalidOwnerLink } from '@companion/agents/domain';
import { AppConfig, CONFIG, sha256Hex } from '@companion/platform';
import { OwnerAccessQueries } from '../application/owner-access.queries';
import { RedeemOwnerLink, RevokeOwnerSession } from '../application/owner.commands';
import { looksLikeOwnerSecret } from '../application/owner-secrets';
import { sessionCookie } from './owner-cookie';
import { OwnerHeadersInterceptor } from './owner-headers.interceptor';
import { OwnerHeaderGuard, openSessionFromCookie } from './owner-request.guards';
import { RedeemOwnerLinkDto } from './owner.dto';

/** POST /owner/session: the page trades the link's secret for a session cookie, once. Outside /api/v1: it is the browser's, not an agent's. */
@ApiExcludeController()
@Controller('owner/session')
@UseGuards(OwnerHeaderGuard)
@UseInterceptors(OwnerHeadersInterceptor)
export class OwnerSessionController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queries: OwnerAccessQueries,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @HttpCode(201)
  async redeem(
    @Body() body: RedeemOwnerLinkDto,
    @Headers('cookie') cookieHeader: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const link = looksLikeOwnerSecret(body.secret)
      ? await this.queries.link(sha256Hex(body.secret))
      : null;
    if (!link) throw invalidOwnerLink();
    const { sessionId, expiresAt } = await this.commandBus.execute(
      new RedeemOwnerLink(link.agentId, link.linkId),
    );
    // The new cookie replaces the browser's old one, which no one could use or disconnect any more: close it.
    const replaced = await openSessionFromCookie(this.queries, cookieHeader);
    if (replaced)
      await this.commandBus.execute(new RevokeOwnerSession(replaced.agentId, replaced.sessionHash));
    void reply.header('Set-Cookie', sessionCookie(sessionId, this.config.production));
    return { session: { expiresAt } };
  }
}
