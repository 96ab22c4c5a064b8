import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedCommands, newEntityId, RateLimiter } from '@companion/platform';
import { matchDecider } from '../../domain/match';
import { MatchAccess } from '../../application/match-access';
import { matchStream, storyIdOf } from '../../application/matching-streams';
import { SendMessage, SentMessage } from './send-message.command';

@Injectable()
@CommandHandler(SendMessage)
export class SendMessageHandler implements ICommandHandler<SendMessage> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly access: MatchAccess,
    private readonly limiter: RateLimiter,
  ) {}

  /** Every transport (REST, /ws, socket.io) sends through here, so they share the messaging limit. */
  async execute({ matchId, senderId, content, scope }: SendMessage): Promise<SentMessage> {
    const match = await this.access.forParticipant(matchId, senderId);
    await this.limiter.consume('message', `agent:${senderId}:match:${matchId}`);
    const messageId = newEntityId('message', scope);
    const result = await this.commands.handle(
      matchStream(matchId),
      matchDecider,
      {
        type: 'SendMessage',
        matchId,
        participants: match.agentIds,
        senderId,
        messageId,
        content,
        storyId: storyIdOf(matchId),
      },
      { actorId: senderId, scope },
    );
    return { id: messageId, matchId, senderId, content, createdAt: result.occurredAt! };
  }
}
