import { WebSocket } from 'ws';
import { until } from './app';

/** A `/ws` client that records every frame it receives. */
export class WsClient {
  readonly frames: any[] = [];
  closed: { code: number; reason: string } | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data, isBinary) =>
      this.frames.push(isBinary ? { binary: true } : JSON.parse((data as Buffer).toString('utf8'))),
    );
    socket.on('close', (code, reason) => (this.closed = { code, reason: String(reason) }));
    socket.on('error', () => undefined);
  }

  static async open(baseUrl: string): Promise<WsClient> {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`);
    const c = new WsClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return c;
  }

  /** Opened and authenticated as the agent. */
  static async as(baseUrl: string, agent: { key: string }): Promise<WsClient> {
    const c = await WsClient.open(baseUrl);
    c.send({ type: 'auth', apiKey: agent.key });
    await c.next((f) => f.type === 'auth:success');
    return c;
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first frame received so far (or later) that matches. */
  next(match: (frame: any) => boolean, what = 'a frame'): Promise<any> {
    return until(what, () => this.frames.find(match));
  }

  waitClosed(): Promise<{ code: number; reason: string }> {
    return until('the socket to close', () => this.closed ?? undefined);
  }

  /** The n-th frame (from 1) carrying this requestId: a reply, or a replayed one. */
  reply(requestId: string, n = 1): Promise<any> {
    return until(`reply ${n} to ${requestId}`, () => {
      const replies = this.frames.filter((f) => f.requestId === requestId);
      return replies.length >= n ? replies[n - 1] : undefined;
    });
  }

  /** Sends and waits for the reply carrying this requestId. */
  async request(payload: Record<string, unknown>, requestId: string): Promise<any> {
    this.send({ type: 'message:send', requestId, ...payload });
    return this.next((f) => f.requestId === requestId, `the reply to ${requestId}`);
  }

  close(): void {
    if (
      this.socket.readyState === WebSocket.OPEN ||
      this.socket.readyState === WebSocket.CONNECTING
    )
      this.socket.close();
  }
}
