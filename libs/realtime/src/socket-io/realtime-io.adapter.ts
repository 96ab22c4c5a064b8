import { IoAdapter } from '@nestjs/platform-socket.io';
import type { ServerOptions } from 'socket.io';

/**
 * Nest's socket.io adapter, except that engine.io leaves alone the upgrades that are not its own:
 * by default it ends every other WebSocket upgrade on the server after a second, which would cut
 * off `/ws` (architecture, "Known pitfalls"). Install it with `app.useWebSocketAdapter` before `init`.
 */
export class RealtimeIoAdapter extends IoAdapter {
  override createIOServer(port: number, options?: Partial<ServerOptions>): any {
    return super.createIOServer(port, { ...options, destroyUpgrade: false });
  }
}
