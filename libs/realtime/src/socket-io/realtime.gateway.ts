import { Logger, OnModuleDestroy } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  OnGatewayConnection,
  OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { MessageSending, SendOutcome } from '../application/message-sending';
import { RealtimeAuth } from '../application/realtime-auth';
import type { RealtimeEvent } from '../application/realtime-events';
import { RealtimeFanout, RealtimeSink } from '../application/realtime-fanout';
import { SOCKET_IO_PATH } from './socket-io.paths';

const room = (agentId: string) => `agent:${agentId}`;

interface AgentSocketData {
  agentId: string;
  keyHash: string;
}

/**
 * socket.io clients get what `/ws` clients get: they authenticate in the handshake
 * (`io(url, { auth: { apiKey } })`), receive the same events under the same names (payload =
 * the `/ws` frame without `type`), and send `message:send` with an acknowledgement callback.
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
  ) {}

  afterInit(server: Server): void {
    this.server = server;
    // A rejected handshake reaches the client as `connect_error` with this message.
    server.use((socket, next) => {
      this.auth.identify(socket.handshake.auth?.apiKey).then(
        (identity) => {
          if (!identity) return next(new Error('invalid_api_key'));
          Object.assign(socket.data as AgentSocketData, identity);
          next();
        },
        (error) => {
          this.logger.error(
            `socket.io authentication failed: ${error instanceof Error ? error.message : error}`,
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
    const { agentId, keyHash } = socket.data as AgentSocketData;
    // Checked in the same turn as the join (see RealtimeFanout.revokedReason).
    if (this.fanout.revokedReason(agentId, keyHash)) {
      socket.disconnect(true);
      return;
    }
    await socket.join(room(agentId));
    socket.emit('auth:success', { agentId });
  }

  /** Answered through the acknowledgement: `{ ok: true, message }` or `{ ok: false, status, code, message }`. */
  @SubscribeMessage('message:send')
  send(@ConnectedSocket() socket: Socket, @MessageBody() payload: unknown): Promise<SendOutcome> {
    return this.sending.send((socket.data as AgentSocketData).agentId, payload);
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
