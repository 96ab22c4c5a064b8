import { Inject, Injectable } from '@nestjs/common';
import { invalid } from '../domain';
import { CLOCK, Clock } from '../clock/clock';
import { CommandScope } from '../event-sourcing/command-ids';
import { EventSourcedCommands } from '../event-sourcing/event-sourced-commands';
import { sha256Hex } from '../ids';
import { idempotentRequest, StoredResponse } from './domain/idempotent-request';

/** The Idempotency-Key header's longest value. */
export const IDEMPOTENCY_KEY_MAX = 255;
/** Visible ASCII (VCHAR, 0x21–0x7E): the raw header value is the key, no quoting. */
export const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/** A request that holds its key while it runs; `finish` records its answer or lets the key go. */
export interface IdempotencyClaim {
  streamName: string;
  fingerprint: string;
  /**
   * The scope the request's commands take their ids from (`CommandContext.scope`): its base is the
   * same on every claim of the request within its window. Each claim gets its own: it counts the
   * commands of one attempt.
   */
  scope: CommandScope;
}

export type Begun = { replay: StoredResponse } | { claim: IdempotencyClaim };

/** 400 for a key that is empty, longer than 255 characters, not visible ASCII, or sent twice. */
export function parseIdempotencyKey(raw: string | string[]): string {
  if (Array.isArray(raw))
    throw invalid('invalid_idempotency_key', 'send one Idempotency-Key header, not several');
  if (raw.length === 0 || raw.length > IDEMPOTENCY_KEY_MAX || !VISIBLE_ASCII.test(raw))
    throw invalid(
      'invalid_idempotency_key',
      `the Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters`,
    );
  return raw;
}

/** What makes two requests "the same request": method, path with query, and body. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return sha256Hex(`${method.toUpperCase()} ${path}\n${JSON.stringify(body ?? null)}`);
}

/**
 * Idempotency-Key records, kept in the event store (a stream per agent and key, named by their
 * hash), so that they hold across API instances and restarts. Both the REST `IdempotencyGuard` and
 * the WebSocket's `message:send` (`requestId`) use them.
 */
@Injectable()
export class IdempotentRequests {
  constructor(
    private readonly commands: EventSourcedCommands,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The stored answer to replay, or a claim on the key (the request runs); 409/422 otherwise. */
  async begin(
    agentId: string,
    key: string,
    request: { method: string; path: string; fingerprint: string },
  ): Promise<Begun> {
    const id = sha256Hex(`${agentId}\n${key}`);
    const streamName = `idempotency-${id}`;
    const result = await this.commands.handle(
      streamName,
      idempotentRequest,
      { kind: 'claim', ...request, now: this.clock.now().toISOString() },
      { actorId: agentId },
      { awaitReadModels: false },
    );
    const state = result.state;
    if (result.events.length === 0 && state.phase === 'done') return { replay: state.response };
    if (state.phase !== 'in_flight') throw new Error(`${streamName}: claimed but ${state.phase}`);
    // The same scope for every claim of the same request within its window: a retry after a 5xx
    // whose write did land (its outcome unknown when it answered) derives the same event ids, and
    // the command loop finds them in the stream instead of writing them again. After the window
    // the same request is a new one (`boundAt` moved on): new ids, so it is not taken for the old.
    return {
      claim: {
        streamName,
        fingerprint: request.fingerprint,
        scope: new CommandScope(`${streamName}/${request.fingerprint}/${state.boundAt}`),
      },
    };
  }

  /**
   * Records the answer, to be replayed to a retry; a server error (5xx) or an answer that cannot be
   * stored as text releases the key instead, so a retry runs the request again.
   */
  async finish(claim: IdempotencyClaim, response: StoredResponse | null): Promise<void> {
    const command =
      response && response.status < 500 && response.status !== 429
        ? { kind: 'record' as const, fingerprint: claim.fingerprint, ...response }
        : {
            kind: 'release' as const,
            fingerprint: claim.fingerprint,
            status: response?.status ?? null,
          };
    await this.commands.handle(
      claim.streamName,
      idempotentRequest,
      command,
      {},
      {
        awaitReadModels: false,
      },
    );
  }
}
