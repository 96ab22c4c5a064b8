import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { plainToInstance } from 'class-transformer';
import { IsOptional, IsString, validate, ValidationError } from 'class-validator';
import { SendMessage, SendMessageDto, SentMessage } from '@companion/matching';
import { TextLength, toErrorBody } from '@companion/platform';

export const REQUEST_ID_MAX = 100;

/**
 * `message:send` over a socket: POST /matches/{id}/messages with the match id in the payload
 * instead of the path. `content` carries exactly the REST body's constraints (SendMessageDto).
 */
export class MessageSendPayload extends SendMessageDto {
  @IsString()
  @TextLength(1, 100)
  matchId!: string;

  /** Echoed in the reply, so a client can tell its replies apart. */
  @IsOptional()
  @IsString()
  @TextLength(0, REQUEST_ID_MAX)
  requestId?: string;
}

export type SendOutcome =
  | { ok: true; message: SentMessage }
  | { ok: false; status: number; code: string; message: string | string[]; retryAfter?: number };

/** Codes for the failures whose HTTP error body has none (validation, mostly). */
const FALLBACK_CODE: Record<number, string> = {
  400: 'validation_failed',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  429: 'rate_limited',
  503: 'unavailable',
};

/**
 * The one handler of `message:send` for both transports. It sends the same command as the REST
 * endpoint, so the participant rules, the relationship rule and the messaging rate limit (counted
 * in the command handler, shared with REST) answer with the statuses and codes REST gives, through
 * the same error mapping.
 */
@Injectable()
export class MessageSending {
  private readonly logger = new Logger(MessageSending.name);

  constructor(private readonly commandBus: CommandBus) {}

  async send(agentId: string, payload: unknown): Promise<SendOutcome> {
    try {
      const { matchId, content } = await validPayload(payload);
      const message = await this.commandBus.execute<SendMessage, SentMessage>(
        new SendMessage(matchId, agentId, content),
      );
      return { ok: true, message };
    } catch (error) {
      const body = toErrorBody(error);
      if (body.statusCode >= 500)
        this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      return {
        ok: false,
        status: body.statusCode,
        code: body.code ?? FALLBACK_CODE[body.statusCode] ?? 'internal_error',
        message: body.message,
        // REST sends it as the Retry-After header (seconds).
        ...(body.retryAfter === undefined ? {} : { retryAfter: body.retryAfter }),
      };
    }
  }
}

/** The global validation pipe's rules: an object with only the known fields, each valid (else 400 listing every problem). */
async function validPayload(payload: unknown): Promise<MessageSendPayload> {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload))
    throw new BadRequestException('the payload must be a JSON object');
  const instance = plainToInstance(MessageSendPayload, payload, {
    enableImplicitConversion: false,
  });
  const errors = await validate(instance, {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
  });
  if (errors.length) throw new BadRequestException(errors.flatMap(messagesOf));
  return instance;
}

function messagesOf(error: ValidationError): string[] {
  return [...Object.values(error.constraints ?? {}), ...(error.children ?? []).flatMap(messagesOf)];
}
