import pino, { type DestinationStream } from 'pino';

export interface LogDestination extends DestinationStream {
  flush(cb?: (err?: Error) => void): void;
  flushSync(): void;
}

/**
 * Where the JSON log lines go: a file descriptor (standard output by default) through sonic-boom,
 * pino's own destination, asynchronous as pino's default one is and written out on exit as it is
 * (`pino.destination` registers the final synchronous flush). The difference: each line is
 * handed over as bytes.
 *
 * Why: given text, sonic-boom 4.2.1 appends each line to its pending text and, on every line,
 * measures that whole pending text again (`Buffer.byteLength(bufs[bufs.length - 1])` in its
 * `write`, to keep a write under `maxWrite`). While one write is out, the lines of 64 busy
 * connections pile up: counted in the service under swipes, the text measured was 7 381
 * characters a line on average, 30 times the line itself, and each measure first copies the
 * pieces of the pending text into one string. Then the batch is encoded to UTF-8 twice, once to
 * write it and once to find where the bytes written end (`releaseWritingBuf`). In bytes mode
 * sonic-boom keeps each batch's length as a number and joins the batch with one copy:
 * a line costs one encoding of its own (docs/logging.md, "Where the lines go").
 */
export function logDestination(fd = 1): LogDestination {
  const boom = pino.destination({ dest: fd, sync: false, contentMode: 'buffer' });
  return {
    // sonic-boom's write may be swapped for a no-op after a broken pipe (pino's
    // buildSafeSonicBoom), so it is looked up on every line, not kept.
    write: (line: string) => void boom.write(Buffer.from(line) as unknown as string),
    flush: (cb) => boom.flush(cb),
    flushSync: () => boom.flushSync(),
  };
}
