import { Inject, Logger, OnModuleDestroy } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  OnGatewayConnection,
  OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { AppConfig, CONFIG } from '@companion/platform';
import { MessageSending, SendOutcome } from '../application/message-sending';
import { RealtimeAuth } from '../application/realtime-auth';
import type { RealtimeEvent } from '../application/realtime-events';
import { RealtimeFanout, RealtimeSink } from '../application/realtime-fanout';
import { SOCKET_IO_PATH } from './socket-io.paths';

const room = (agentId: string) => `agent:${agentId}`;

interface AgentSocketData {
  /** Unset until the handshake or the `auth` message authenticated the socket. */
  agentId?: string;
  /** The hash of the key it authenticated with: a rotation closes the sockets of the other keys. */
  keyHash?: string;
  authTimer?: NodeJS.Timeout;
}

/**
 * socket.io clients get what `/ws` clients get: they authenticate in the handshake
 * (`io(url, { auth: { apiKey } })`) or, as the spec's protocol says, with an `auth` message after
 * connecting (`socket.emit('auth', { apiKey })`, answered with `auth:success` or `auth:error`
 * within WS_AUTH_TIMEOUT_MS), receive the same events under the same names (payload = the `/ws`
 * frame without `type`), and send `message:send` with an acknowledgement callback.
 */
@WebSocketGateway({ path: SOCKET_IO_PATH, serveClient: false })
export class RealtimeGateway
  implements OnGatewayInit, OnGatewayConnection, OnModuleDestroy, RealtimeSink
{
  private readonly logger = new Logger(RealtimeGateway.name);
  private server?: Server;
  private detachFanout?: () => void;

  constructor(
    private readonly fanout: RealtimeFanout,
    private readonly auth: RealtimeAuth,
    private readonly sending: MessageSending,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  afterInit(server: Server): void {
    this.server = server;
    // A rejected handshake reaches the client as `connect_error` with this message.
    server.use((socket, next) => {
      const apiKey: unknown = socket.handshake.auth?.apiKey;
      // No key in the handshake: the client authenticates with the `auth` message.
      if (apiKey === undefined) return next();
      this.auth.identify(apiKey).then(
        (identity) => {
          if (!identity) return next(new Error('invalid_api_key'));
          Object.assign(socket.data as AgentSocketData, identity);
          next();
        },
        (error) => {
          this.logger.error(
            `socket.io authentication failed: ${error instanceof Error ? error.message : String(error)}`,
          );
          next(new Error('unavailable'));
        },
      );
    });
    this.detachFanout = this.fanout.attach(this);
  }

  onModuleDestroy(): void {
    this.detachFanout?.();
  }

  async handleConnection(socket: Socket): Promise<void> {
    const data = socket.data as AgentSocketData;
    if (data.agentId && data.keyHash) return this.authenticated(socket, data.agentId, data.keyHash);
    data.authTimer = setTimeout(() => {
      if (data.agentId || socket.disconnected) return;
      socket.emit('auth:error', {
        code: 'auth_timeout',
        message: `not authenticated within ${this.config.wsAuthTimeoutMs} ms`,
      });
      socket.disconnect(true);
    }, this.config.wsAuthTimeoutMs);
    socket.once('disconnect', () => clearTimeout(data.authTimer));
  }

  /** The spec's `auth` message (§6), for a socket that did not authenticate in the handshake. */
  @SubscribeMessage('auth')
  async authenticate(@ConnectedSocket() socket: Socket, @MessageBody() payload: unknown) {
    const data = socket.data as AgentSocketData;
    if (data.agentId) {
      socket.emit('error', {
        code: 'already_authenticated',
        message: `this connection is already authenticated as ${data.agentId}`,
      });
      return;
    }
    const apiKey = (payload as { apiKey?: unknown } | null)?.apiKey;
    const identity = await this.auth.identify(apiKey);
    if (socket.disconnected) return;
    if (!identity) {
      socket.emit('auth:error', { code: 'invalid_api_key', message: 'invalid API key' });
      socket.disconnect(true);
      return;
    }
    clearTimeout(data.authTimer);
    Object.assign(data, identity);
    await this.authenticated(socket, identity.agentId, identity.keyHash);
  }

  /** Answered through the acknowledgement: `{ ok: true, message }` or `{ ok: false, status, code, message }`. */
  @SubscribeMessage('message:send')
  async send(
    @ConnectedSocket() socket: Socket,
    @MessageBody() payload: unknown,
  ): Promise<SendOutcome> {
    const { agentId } = socket.data as AgentSocketData;
    if (!agentId)
      return {
        ok: false,
        status: 401,
        code: 'unauthenticated',
        message: "authenticate first: socket.emit('auth', { apiKey })",
      };
    return this.sending.send(agentId, payload);
  }

  private async authenticated(socket: Socket, agentId: string, keyHash: string): Promise<void> {
    // Checked in the same turn as the join (see RealtimeFanout.revokedReason).
    if (this.fanout.revokedReason(agentId, keyHash)) {
      socket.disconnect(true);
      return;
    }
    await socket.join(room(agentId));
    socket.emit('auth:success', { agentId });
  }

  deliver(agentIds: readonly string[], { type, ...payload }: RealtimeEvent): void {
    this.server?.to(agentIds.map(room)).emit(type, payload);
  }

  revoke(agentId: string): void {
    this.server?.in(room(agentId)).disconnectSockets(true);
  }

  revokeKeysBut(agentId: string, keyHash: string): void {
    // This instance's sockets only (no adapter across instances): each instance revokes its own.
    for (const socket of this.server?.sockets.adapter.rooms.get(room(agentId)) ?? []) {
      const s = this.server?.sockets.sockets.get(socket);
      if (s && (s.data as AgentSocketData).keyHash !== keyHash) s.disconnect(true);
    }
  }
}
