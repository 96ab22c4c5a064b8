import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { plainToInstance } from 'class-transformer';
import { IsOptional, IsString, validate, ValidationError } from 'class-validator';
import { SendMessage, SendMessageDto, SentMessage } from '@companion/matching';
import {
  type CommandScope,
  IdempotentRequests,
  requestFingerprint,
  TextLength,
  toErrorBody,
} from '@companion/platform';

export const REQUEST_ID_MAX = 100;

/**
 * `message:send` over a socket: POST /matches/{id}/messages with the match id in the payload
 * instead of the path. `content` carries exactly the REST body's constraints (SendMessageDto).
 */
export class MessageSendPayload extends SendMessageDto {
  @IsString()
  @TextLength(1, 100)
  matchId!: string;

  /**
   * Echoed in the reply, so a client can tell its replies apart. It is also the send's
   * Idempotency-Key (docs/idempotency.md): the same requestId with the same match and content is
   * answered with the first reply and sends nothing; with another match or content, 422.
   */
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

  constructor(
    private readonly commandBus: CommandBus,
    private readonly idempotent: IdempotentRequests,
  ) {}

  async send(agentId: string, payload: unknown): Promise<SendOutcome> {
    try {
      const { matchId, content, requestId } = await validPayload(payload);
      if (!requestId) return await this.sendNow(agentId, matchId, content);
      const begun = await this.idempotent.begin(agentId, `message:send ${requestId}`, {
        method: 'message:send',
        path: matchId,
        fingerprint: requestFingerprint('message:send', matchId, { content }),
      });
      if ('replay' in begun) return JSON.parse(begun.replay.payload) as SendOutcome;
      const outcome = await this.sendNow(agentId, matchId, content, begun.claim.scope).catch(
        (error: unknown) => this.failure(error),
      );
      const status = outcome.ok ? 201 : outcome.status;
      // The reply goes out whatever recording it meets: the key then stays claimed until its lease ends.
      await this.idempotent
        .finish(begun.claim, {
          status,
          contentType: 'application/json',
          payload: JSON.stringify(outcome),
        })
        .catch((error: unknown) =>
          this.logger.error(
            `could not record the reply to ${requestId}: ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
      return outcome;
    } catch (error) {
      return this.failure(error);
    }
  }

  private async sendNow(
    agentId: string,
    matchId: string,
    content: string,
    scope?: CommandScope,
  ): Promise<SendOutcome> {
    const message = await this.commandBus.execute<SendMessage, SentMessage>(
      new SendMessage(matchId, agentId, content, scope),
    );
    return { ok: true, message };
  }

  private failure(error: unknown): SendOutcome & { ok: false } {
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

/** The HTTP validation pipe's rules: an object with only the known fields, each valid (else 400 listing every problem). */
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
