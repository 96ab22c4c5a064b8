import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { agentStream } from '@companion/agents';
import { agentDecider } from '@companion/agents/domain';
import { CLOCK, Clock, EventSourcedCommands, newId, sha256Hex } from '@companion/platform';
import { decided } from '../../application/decided-event';
import { generateOwnerSecret } from '../../application/owner-secrets';
import { CreateOwnerLink, CreateOwnerLinkResult } from './create-owner-link.command';

/**
 * Owner access lives on the agent's own stream (architecture §1), beside the deletion that ends it.
 * The secret exists only in this result (and then in the URL the operator opens); the event holds
 * its SHA-256.
 */
@Injectable()
@CommandHandler(CreateOwnerLink)
export class CreateOwnerLinkHandler implements ICommandHandler<CreateOwnerLink> {
  constructor(
    private readonly commands: EventSourcedCommands,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ agentId }: CreateOwnerLink): Promise<CreateOwnerLinkResult> {
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
