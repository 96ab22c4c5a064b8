import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { agentStream } from '@companion/agents';
import { agentDecider, invalidOwnerLink } from '@companion/agents/domain';
import { CLOCK, Clock, EventSourcedCommands, sha256Hex } from '@companion/platform';
import { decided } from '../../application/decided-event';
import { OwnerAccessQueries } from '../../application/owner-access.queries';
import { generateSessionId, looksLikeOwnerSecret } from '../../application/owner-secrets';
import { RedeemOwnerLink, RedeemOwnerLinkResult } from './redeem-owner-link.command';

/**
 * Finds the link by its secret's hash, redeems it on the agent's stream (whose decider refuses a
 * used or expired link, and lets only one of many concurrent redemptions through), then closes the
 * session of the cookie the new one replaces.
 */
@Injectable()
@CommandHandler(RedeemOwnerLink)
export class RedeemOwnerLinkHandler implements ICommandHandler<RedeemOwnerLink> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly queries: OwnerAccessQueries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ secret, replacedSessionId }: RedeemOwnerLink): Promise<RedeemOwnerLinkResult> {
    const link = looksLikeOwnerSecret(secret) ? await this.queries.link(sha256Hex(secret)) : null;
    if (!link) throw invalidOwnerLink();
    const sessionId = generateSessionId();
    const { events } = await this.commands.handle(
      agentStream(link.agentId),
      agentDecider,
      {
        type: 'RedeemOwnerLink',
        agentId: link.agentId,
        linkId: link.linkId,
        sessionHash: sha256Hex(sessionId),
        now: this.clock.now(),
      },
      { actorId: link.agentId },
    );
    // The new cookie replaces the browser's old one, which no one could use or disconnect any more: close it.
    const replaced = await this.queries.openSessionOf(replacedSessionId);
    if (replaced)
      await this.commands.handle(
        agentStream(replaced.agentId),
        agentDecider,
        {
          type: 'RevokeOwnerSession',
          agentId: replaced.agentId,
          sessionHash: replaced.sessionHash,
        },
        { actorId: replaced.agentId },
      );
    return { sessionId, expiresAt: decided(events, 'OwnerLinkRedeemed').data.sessionExpiresAt };
  }
}
