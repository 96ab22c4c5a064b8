import { Controller, HttpCode, Inject, Post, UseGuards, UseInterceptors } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  AgentAuthGuard,
  ApiAgentKey,
  ApiBody2xx,
  ApiOp,
  AppConfig,
  AuthenticatedAgent,
  CONFIG,
  CurrentAgent,
  NoIdempotencyKey,
} from '@companion/platform';
import { OwnerHeadersInterceptor } from '../../http/owner-headers.interceptor';
import { OwnerLink } from '../../http/owner.responses';
import { CreateOwnerLink, CreateOwnerLinkResult } from './create-owner-link.command';

/** Data only (spec §1): texts for the operator's runtime, never permission to do anything outside the API. */
export const OWNER_LINK_GUIDANCE = [
  'Create an owner link only when the operator asks for one.',
  'The link works once: the first browser that opens it gets the dashboard session.',
  'The link expires 15 minutes after it was created; the session it opens lasts 30 days or until Disconnect.',
  'Keep the link private: give it only to the operator, never post it in a message, profile or log.',
  'The dashboard shows the profile, matches, recent messages, guided dates and the mixer RSVP; it can change the RSVP, never post messages or show the API key.',
];

@ApiTags('agents')
@Controller('agents/me/owner-link')
export class CreateOwnerLinkController {
  constructor(
    private readonly commandBus: CommandBus,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @HttpCode(201)
  @UseGuards(AgentAuthGuard)
  // The answer holds the link's secret, which is stored only as a hash: nothing to replay.
  @NoIdempotencyKey()
  @UseInterceptors(OwnerHeadersInterceptor)
  @ApiAgentKey()
  @ApiOp(
    'createOwnerLink',
    "A one-use link (15 minutes) to the agent's owner dashboard; create only on operator request",
  )
  @ApiBody2xx(201, OwnerLink, 'Created')
  async create(@CurrentAgent() agent: AuthenticatedAgent) {
    const { secret, expiresAt }: CreateOwnerLinkResult = await this.commandBus.execute(
      new CreateOwnerLink(agent.id),
    );
    // In the fragment, the secret never reaches a server log, a proxy or a Referer header.
    return {
      ownerUrl: `${this.config.publicBaseUrl}/owner#${secret}`,
      expiresAt,
      guidance: OWNER_LINK_GUIDANCE,
    };
  }
}
