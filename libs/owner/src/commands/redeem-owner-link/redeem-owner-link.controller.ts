import {
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
import { AppConfig, CONFIG, ValidBody } from '@companion/platform';
import { OWNER_COOKIE, readCookie, sessionCookie } from '../../http/owner-cookie';
import { OwnerHeadersInterceptor } from '../../http/owner-headers.interceptor';
import { OwnerHeaderGuard } from '../../http/owner-request.guards';
import { RedeemOwnerLink, RedeemOwnerLinkResult } from './redeem-owner-link.command';
import { RedeemOwnerLinkDto } from './redeem-owner-link.dto';

/** POST /owner/session: the page trades the link's secret for a session cookie, once. Outside /api/v1: it is the browser's, not an agent's. */
@ApiExcludeController()
@Controller('owner/session')
@UseGuards(OwnerHeaderGuard)
@UseInterceptors(OwnerHeadersInterceptor)
export class RedeemOwnerLinkController {
  constructor(
    private readonly commandBus: CommandBus,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @HttpCode(201)
  async redeem(
    @ValidBody() body: RedeemOwnerLinkDto,
    @Headers('cookie') cookieHeader: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { sessionId, expiresAt }: RedeemOwnerLinkResult = await this.commandBus.execute(
      new RedeemOwnerLink(body.secret, readCookie(cookieHeader, OWNER_COOKIE)),
    );
    void reply.header('Set-Cookie', sessionCookie(sessionId, this.config.production));
    return { session: { expiresAt } };
  }
}
