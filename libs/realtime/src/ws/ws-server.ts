import { AppConfig, CONFIG } from '@companion/platform';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { WebSocket, WebSocketServer } from 'ws';
import { MessageSending } from '../application/message-sending';
import { RealtimeAuth } from '../application/realtime-auth';
import type { RealtimeEvent } from '../application/realtime-events';
import { RealtimeFanout, RealtimeSink } from '../application/realtime-fanout';
import { SOCKET_IO_PATH } from '../socket-io/socket-io.paths';
import { WsConnection, WsConnectionContext } from './ws-connection';
import { WS_CLOSE, WS_MAX_FRAME_BYTES, WS_PATH, WS_PING_INTERVAL_MS } from './ws-protocol';

/** How long shutdown waits for clients to answer the close handshake before cutting them off. */
const CLOSE_GRACE_MS = 1_000;

/**
 * The raw WebSocket endpoint `/ws`. It shares the HTTP server with Fastify and socket.io: it takes
 * the upgrades for `/ws`, leaves socket.io's path to engine.io (created with `destroyUpgrade: false`,
 * see RealtimeIoAdapter), and refuses every other upgrade with 404.
 */
@Injectable()
export class WsServer implements OnApplicationBootstrap, BeforeApplicationShutdown, RealtimeSink {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_FRAME_BYTES });
  private readonly connections = new Set<WsConnection>();
  private readonly byAgent = new Map<string, Set<WsConnection>>();
  private readonly context: WsConnectionContext;
  private httpServer?: Server;
  private heartbeat?: NodeJS.Timeout;
  private detachFanout?: () => void;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly fanout: RealtimeFanout,
    auth: RealtimeAuth,
    sending: MessageSending,
    @Inject(CONFIG) settings: AppConfig,
  ) {
    this.context = {
      auth,
      sending,
      authTimeoutMs: settings.wsAuthTimeoutMs,
      authenticated: (c) => this.register(c),
      closed: (c) => this.unregister(c),
    };
  }

  onApplicationBootstrap(): void {
    this.httpServer = this.adapterHost.httpAdapter.getHttpServer() as Server;
    this.httpServer.on('upgrade', this.onUpgrade);
    this.detachFanout = this.fanout.attach(this);
    this.heartbeat = setInterval(() => this.ping(), WS_PING_INTERVAL_MS);
    this.heartbeat.unref();
  }

  /** Open connections keep the HTTP server from closing, so they end before it does. */
  async beforeApplicationShutdown(): Promise<void> {
    this.httpServer?.off('upgrade', this.onUpgrade);
    this.detachFanout?.();
    clearInterval(this.heartbeat);
    const closed = [...this.connections].map(
      (c) =>
        new Promise<void>((resolve) =>
          c.socket.readyState === WebSocket.CLOSED
            ? resolve()
            : c.socket.once('close', () => resolve()),
        ),
    );
    for (const c of this.connections) c.close(WS_CLOSE.goingAway, 'server shutting down');
    const grace = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref());
    await Promise.race([Promise.all(closed), grace]);
    for (const c of this.connections) c.socket.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  deliver(agentIds: readonly string[], event: RealtimeEvent): void {
    for (const agentId of agentIds) for (const c of this.byAgent.get(agentId) ?? []) c.send(event);
  }

  revoke(agentId: string): void {
    for (const c of this.byAgent.get(agentId) ?? [])
      c.close(WS_CLOSE.invalidApiKey, 'agent_deleted');
  }

  revokeKeysBut(agentId: string, keyHash: string): void {
    for (const c of this.byAgent.get(agentId) ?? [])
      if (c.keyHash !== keyHash) c.close(WS_CLOSE.invalidApiKey, 'api_key_rotated');
  }

  private readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (pathname === WS_PATH) {
      this.wss.handleUpgrade(req, socket, head, (ws) =>
        this.connections.add(new WsConnection(ws, this.context)),
      );
    } else if (!pathname.startsWith(`${SOCKET_IO_PATH}/`)) {
      // Nobody else answers it, and an unanswered upgrade would hang until the client gives up.
      socket.on('error', () => socket.destroy());
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    }
  };

  private register(c: WsConnection): void {
    const agentId = c.agentId!;
    const revoked = this.fanout.revokedReason(agentId, c.keyHash!);
    if (revoked) return c.close(WS_CLOSE.invalidApiKey, revoked);
    let set = this.byAgent.get(agentId);
    if (!set) this.byAgent.set(agentId, (set = new Set()));
    set.add(c);
  }

  private unregister(c: WsConnection): void {
    this.connections.delete(c);
    if (!c.agentId) return;
    const set = this.byAgent.get(c.agentId);
    set?.delete(c);
    if (set?.size === 0) this.byAgent.delete(c.agentId);
  }

  /** Half-open connections (a client that vanished without a close) are found and dropped. */
  private ping(): void {
    for (const c of this.connections) {
      if (!c.alive) {
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      if (c.socket.readyState === WebSocket.OPEN) c.socket.ping();
    }
  }
}
