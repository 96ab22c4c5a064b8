import type { SentMessage } from '@companion/matching';
import { REQUEST_ID_MAX } from '../application/message-sending';
import type { RealtimeEvent } from '../application/realtime-events';

/** The spec's WebSocket endpoint (§6): `/ws` at the root, outside `/api/v1`. */
export const WS_PATH = '/ws';
/** Larger frames end the connection with 1009 (ws's `maxPayload`); a message is at most 5000 characters. */
export const WS_MAX_FRAME_BYTES = 64 * 1024;
/** A client that stops reading is dropped before its queue grows without bound. */
export const WS_MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** The server pings; a connection that did not answer the previous ping is terminated. */
export const WS_PING_INTERVAL_MS = 30_000;

/** Close codes; 4000-4999 are the application's own (RFC 6455 §7.4.2), named after the HTTP status they mirror. */
export const WS_CLOSE = {
  goingAway: 1001,
  internalError: 1011,
  invalidApiKey: 4401,
  authTimeout: 4408,
} as const;

export type ClientFrame =
  | { type: 'auth'; apiKey: unknown }
  | { type: 'message:send'; payload: Record<string, unknown>; requestId: string | null };

export type ServerFrame =
  | { type: 'auth:success'; agentId: string }
  | { type: 'auth:error'; code: 'invalid_api_key' | 'auth_timeout'; message: string }
  | { type: 'message:sent'; requestId: string | null; message: SentMessage }
  | {
      type: 'error';
      code: string;
      message: string | string[];
      requestId?: string | null;
      status?: number;
      retryAfter?: number;
    }
  | RealtimeEvent;

export type ParsedFrame = { ok: true; frame: ClientFrame } | { ok: false; reply: ServerFrame };

const malformed = (message: string): ParsedFrame => ({
  ok: false,
  reply: { type: 'error', code: 'malformed_frame', message },
});

/** A frame as the client sent it, or the error frame that answers it (the socket stays open). */
export function parseClientFrame(
  data: Buffer | ArrayBuffer | Buffer[],
  isBinary: boolean,
): ParsedFrame {
  if (isBinary) return malformed('frames must be text: a JSON object with a "type"');
  const text = (
    Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data)
  ).toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return malformed('the frame is not valid JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return malformed('the frame must be a JSON object');
  const { type, ...rest } = value as Record<string, unknown>;
  if (typeof type !== 'string') return malformed('the frame has no "type"');
  switch (type) {
    case 'auth':
      return { ok: true, frame: { type: 'auth', apiKey: rest.apiKey } };
    case 'message:send':
      return {
        ok: true,
        frame: { type: 'message:send', payload: rest, requestId: requestIdOf(rest) },
      };
    default:
      return {
        ok: false,
        reply: {
          type: 'error',
          code: 'unknown_type',
          message: `unknown type "${type.slice(0, 50)}": expected "auth" or "message:send"`,
        },
      };
  }
}

/** Echoed only when it is one the client may use; an invalid one is reported by validation. */
function requestIdOf(frame: Record<string, unknown>): string | null {
  const id = frame.requestId;
  return typeof id === 'string' && id.length <= REQUEST_ID_MAX ? id : null;
}
