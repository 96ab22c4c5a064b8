import { Controller, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  AgentWrite,
  ApiBody2xx,
  ApiErrors,
  ApiOp,
  AuthenticatedAgent,
  CommandScope,
  CurrentAgent,
  IdempotencyScope,
  RateLimitGuard,
  ValidBody,
  ValidParam,
} from '@companion/platform';
import { SentMessageEnvelope } from '../../http/matching.responses';
import { SendMessage, SentMessage } from './send-message.command';
import { SendMessageDto } from './send-message.dto';

@ApiTags('matches')
@AgentWrite(RateLimitGuard)
@Controller('matches')
export class SendMessageController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':id/messages')
  @ApiOp('sendMessage', 'Send a public message in a match (10 per minute per match)')
  @ApiBody2xx(201, SentMessageEnvelope, 'Sent')
  @ApiErrors(403, 404, 409, 429)
  async send(
    @CurrentAgent() agent: AuthenticatedAgent,
    @IdempotencyScope() scope: CommandScope | undefined,
    @ValidParam('id') id: string,
    @ValidBody() body: SendMessageDto,
  ): Promise<{ message: SentMessage }> {
    return {
      message: await this.commandBus.execute(new SendMessage(id, agent.id, body.content, scope)),
    };
  }
}
