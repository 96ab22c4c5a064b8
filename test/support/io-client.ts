import { io, Socket } from 'socket.io-client';
import { until } from './app';

/** Waits are polls with a generous limit; nothing asserts how long something took. */
export const WAIT_MS = 10_000;

/** A socket.io client that records every event it receives. */
export class IoClient {
  readonly events: { name: string; payload: any }[] = [];
  private constructor(readonly socket: Socket) {
    socket.onAny((name, payload) => this.events.push({ name, payload }));
  }

  static async as(baseUrl: string, agent: { key: string }): Promise<IoClient> {
    const c = new IoClient(
      io(baseUrl, { auth: { apiKey: agent.key }, transports: ['websocket'], reconnection: false }),
    );
    await until('auth:success over socket.io', () =>
      c.events.find((e) => e.name === 'auth:success'),
    );
    return c;
  }

  next(name: string, match: (payload: any) => boolean = () => true): Promise<any> {
    return until(
      `socket.io ${name}`,
      () => this.events.find((e) => e.name === name && match(e.payload))?.payload,
    );
  }

  send(payload: unknown): Promise<any> {
    return this.socket.timeout(WAIT_MS).emitWithAck('message:send', payload);
  }

  close(): void {
    this.socket.close();
  }
}
