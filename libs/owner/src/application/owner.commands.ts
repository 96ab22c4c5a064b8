import { agentStream } from '@companion/agents';
import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { agentDecider, OwnerEvent } from '@companion/agents/domain';
import { CLOCK, Clock, EventSourcedCommands, newId, sha256Hex } from '@companion/platform';
import { generateOwnerSecret, generateSessionId } from './owner-secrets';

/** Owner access lives on the agent's own stream (architecture §1), beside the deletion that ends it. */

export class CreateOwnerLink {
  constructor(readonly agentId: string) {}
}

export class RedeemOwnerLink {
  constructor(
    readonly agentId: string,
    readonly linkId: string,
  ) {}
}

export class RevokeOwnerSession {
  constructor(
    readonly agentId: string,
    readonly sessionHash: string,
  ) {}
}

function decided<T extends OwnerEvent['type']>(
  events: readonly { type: string }[],
  type: T,
): Extract<OwnerEvent, { type: T }> {
  const event = events.find((e) => e.type === type);
  if (!event) throw new Error(`the agent decider did not decide ${type}`);
  return event as Extract<OwnerEvent, { type: T }>;
}

/** The secret exists only in this result (and then in the URL the operator opens); the event holds its SHA-256. */
@Injectable()
@CommandHandler(CreateOwnerLink)
export class CreateOwnerLinkHandler implements ICommandHandler<CreateOwnerLink> {
  constructor(
    private readonly commands: EventSourcedCommands,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ agentId }: CreateOwnerLink): Promise<{ secret: string; expiresAt: string }> {
    const secret = generateOwnerSecret();
    const { events } = await this.commands.handle(
      agentStream(agentId),
      agentDecider,
      {
        type: 'CreateOwnerLink',
        agentId,
        linkId: newId(),
        secretHash: sha256Hex(secret),
        now: this.clock.now(),
      },
      { actorId: agentId },
    );
    return { secret, expiresAt: decided(events, 'OwnerLinkCreated').data.expiresAt };
  }
}

/** The session id exists only in this result (and then in the browser's cookie); the event holds its SHA-256. */
@Injectable()
@CommandHandler(RedeemOwnerLink)
export class RedeemOwnerLinkHandler implements ICommandHandler<RedeemOwnerLink> {
  constructor(
    private readonly commands: EventSourcedCommands,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({
    agentId,
    linkId,
  }: RedeemOwnerLink): Promise<{ sessionId: string; expiresAt: string }> {
    const sessionId = generateSessionId();
    const { events } = await this.commands.handle(
      agentStream(agentId),
      agentDecider,
      {
        type: 'RedeemOwnerLink',
        agentId,
        linkId,
        sessionHash: sha256Hex(sessionId),
        now: this.clock.now(),
      },
      { actorId: agentId },
    );
    return { sessionId, expiresAt: decided(events, 'OwnerLinkRedeemed').data.sessionExpiresAt };
  }
}

@Injectable()
@CommandHandler(RevokeOwnerSession)
export class RevokeOwnerSessionHandler implements ICommandHandler<RevokeOwnerSession> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ agentId, sessionHash }: RevokeOwnerSession): Promise<void> {
    await this.commands.handle(
      agentStream(agentId),
      agentDecider,
      { type: 'RevokeOwnerSession', agentId, sessionHash },
      { actorId: agentId },
    );
  }
}
