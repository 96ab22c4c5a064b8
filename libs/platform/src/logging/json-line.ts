import pino, { type Level, type Logger } from 'pino';

const S = pino.symbols;

/** The parts of a pino logger a line is made of (`pino.symbols`, pino 10: lib/proto.js `write`). */
interface LinePieces {
  [S.lsCacheSym]: Record<number, string>;
  [S.timeSym]: () => string;
  [S.chindingsSym]: string;
  [S.endSym]: string;
  [S.messageKeySym]: string;
  [S.streamSym]: { write(line: string): unknown };
}

/**
 * Writes the line `logger[level](fields, msg)` would write, with `fields` already JSON: pino's
 * level, time and bindings, then the fields, then the message, to the logger's stream.
 *
 * Why: for the request line, written once a request, pino's own serialisation (`_asJson`: every
 * field looked up in its serializers and stringifiers, every string scanned for escapes in a
 * loop) was 12 000 of the line's 20 700 instructions in a polled pulse (docs/logging.md).
 *
 * What it leaves out of pino's `write`, so what a caller must not need: the level check (the
 * caller makes it, before making the fields), a mixin, a message prefix, a nested key, the
 * `logMethod` and `streamWrite` hooks, the `pino_asJson` tracing channel, and the last level and
 * object a stream asking for them is given (`pino.multistream` routes a line by them).
 * `loggerOptions` sets none of these, and the stream is log-destination.ts's;
 * request-line.property.unit.spec.ts holds the line to pino's own under the service's options.
 */
export function writeJsonLine(logger: Logger, level: Level, fields: string, msg: string): void {
  const l = logger as unknown as LinePieces;
  l[S.streamSym].write(
    l[S.lsCacheSym][logger.levels.values[level]] +
      l[S.timeSym]() +
      l[S.chindingsSym] +
      fields +
      `,${jsonString(l[S.messageKeySym])}:` +
      jsonString(msg) +
      l[S.endSym],
  );
}

/** What JSON.stringify would escape in a string: quotes, backslashes, controls, surrogates. */
// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * A string as JSON: quoted as it is when nothing in it needs escaping (the usual case: ids,
 * routes), else `JSON.stringify`'s text. Calling `JSON.stringify` for every field cost the line
 * as much as it saved. A lone surrogate is escaped, as pino escapes it under the service's
 * options (their redaction list's wildcard paths make it write every value by `JSON.stringify`;
 * without them pino 10 on Node 20 leaves one raw in a short string).
 */
export function jsonString(value: string): string {
  return ESCAPED.test(value) ? JSON.stringify(value) : `"${value}"`;
}

/** A number as JSON: null when it is not finite, as pino and `JSON.stringify` write it. */
export function jsonNumber(value: number): string {
  return Number.isFinite(value) ? `${value}` : 'null';
}
