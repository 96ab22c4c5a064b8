import { Logger } from '@nestjs/common';
import { RawData, WebSocket } from 'ws';
import type { MessageSending, SendOutcome } from '../application/message-sending';
import type { RealtimeAuth } from '../application/realtime-auth';
import { parseClientFrame, ServerFrame, WS_CLOSE, WS_MAX_BUFFERED_BYTES } from './ws-protocol';

export interface WsConnectionContext {
  auth: RealtimeAuth;
  sending: MessageSending;
  authTimeoutMs: number;
  /** Called before `auth:success` is sent, so no event after it can be missed. */
  authenticated(connection: WsConnection): void;
  closed(connection: WsConnection): void;
}

const logger = new Logger('WsConnection');

const withoutOk = ({ ok: _, ...failure }: Extract<SendOutcome, { ok: false }>) => failure;

/**
 * One `/ws` client: unauthenticated until its `auth` frame names a valid key (or the time limit
 * closes it), then an agent's connection. Frames are handled one at a time in arrival order, so a
 * client may send `auth` and `message:send` back to back without waiting.
 */
export class WsConnection {
  agentId: string | null = null;
  /** SHA-256 of the key it authenticated with: a key rotation closes it unless this is the new key. */
  keyHash: string | null = null;
  /** Answered the last ping (see WsServer's heartbeat). */
  alive = true;
  private closing = false;
  private queue: Promise<void> = Promise.resolve();
  private readonly authTimer: NodeJS.Timeout;

  constructor(
    readonly socket: WebSocket,
    private readonly context: WsConnectionContext,
  ) {
    this.authTimer = setTimeout(() => this.timeOut(), context.authTimeoutMs);
    socket.on('message', (data: RawData, isBinary: boolean) => {
      this.queue = this.queue
        .then(() => this.receive(data, isBinary))
        .catch((error) => {
          logger.error(`frame handling failed: ${error instanceof Error ? error.message : error}`);
          this.close(WS_CLOSE.internalError, 'internal error');
        });
    });
    socket.on('pong', () => (this.alive = true));
    socket.on('close', () => {
      this.closing = true;
      clearTimeout(this.authTimer);
      context.closed(this);
    });
    // ws reports protocol violations (a frame over maxPayload, invalid UTF-8) here and closes the socket itself.
    socket.on('error', () => undefined);
  }

  send(frame: ServerFrame): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    if (this.socket.bufferedAmount > WS_MAX_BUFFERED_BYTES) {
      this.socket.terminate();
      return;
    }
    this.socket.send(JSON.stringify(frame));
  }

  close(code: number, reason: string): void {
    if (this.closing) return;
    this.closing = true;
    clearTimeout(this.authTimer);
    this.socket.close(code, reason);
  }

  private async receive(data: RawData, isBinary: boolean): Promise<void> {
    if (this.closing) return;
    const parsed = parseClientFrame(data, isBinary);
    if (!parsed.ok) return this.send(parsed.reply);
    const frame = parsed.frame;
    if (frame.type === 'auth') return this.authenticate(frame.apiKey);
    if (!this.agentId) {
      return this.send({
        type: 'error',
        requestId: frame.requestId,
        status: 401,
        code: 'unauthenticated',
        message: 'authenticate first: {"type":"auth","apiKey":"<API_KEY>"}',
      });
    }
    const outcome = await this.context.sending.send(this.agentId, frame.payload);
    this.send(
      outcome.ok
        ? { type: 'message:sent', requestId: frame.requestId, message: outcome.message }
        : { type: 'error', requestId: frame.requestId, ...withoutOk(outcome) },
    );
  }

  private async authenticate(apiKey: unknown): Promise<void> {
    if (this.agentId)
      return this.send({
        type: 'error',
        code: 'already_authenticated',
        message: `this connection is already authenticated as ${this.agentId}`,
      });
    const identity = await this.context.auth.identify(apiKey);
    if (this.closing) return; // timed out while the key was being checked
    if (!identity) {
      this.send({ type: 'auth:error', code: 'invalid_api_key', message: 'invalid API key' });
      return this.close(WS_CLOSE.invalidApiKey, 'invalid_api_key');
    }
    clearTimeout(this.authTimer);
    const { agentId } = identity;
    this.agentId = agentId;
    this.keyHash = identity.keyHash;
    this.context.authenticated(this);
    this.send({ type: 'auth:success', agentId });
  }

  private timeOut(): void {
    if (this.agentId || this.closing) return;
    this.send({
      type: 'auth:error',
      code: 'auth_timeout',
      message: `not authenticated within ${this.context.authTimeoutMs} ms`,
    });
    this.close(WS_CLOSE.authTimeout, 'auth_timeout');
  }
}
