import {
  AccessDeniedError,
  convertToCommandError,
  InvalidArgumentError,
  NO_STREAM,
  NotFoundError,
  StreamDeletedError,
  StreamNotFoundError,
  StreamTombstonedError,
  UnsupportedError,
  WrongExpectedVersionError,
  MaxAppendSizeExceededError,
  AppendRecordSizeExceededError,
  isCommandError,
} from '@kurrent/kurrentdb-client';
import {
  EventStoreUnavailableError,
  ExpectedRevision,
  WrongExpectedRevisionError,
} from '../event-store.port';

/**
 * The client's errors, sorted by what the adapter does about them. Some calls (appends among them)
 * reject with the raw gRPC error rather than the client's class, hence the conversion first.
 * Error classes: `@kurrent/kurrentdb-client` dist/utils/CommandError.d.ts.
 */
export function toCommandError(error: unknown): unknown {
  try {
    return error instanceof Error ? convertToCommandError(error) : error;
  } catch {
    return error; // not a gRPC error after all
  }
}

/**
 * The client's errors about the request itself, which the same request would meet again. Every
 * other error of the client (UnavailableError, CancelledError, DeadlineExceededError, TimeoutError,
 * NotLeaderError, and the UnknownError it makes of gRPC INTERNAL/UNKNOWN, a server restarting
 * mid-call among them) is the server or the network, and worth another try.
 */
function isAboutTheRequest(e: unknown): boolean {
  return (
    e instanceof WrongExpectedVersionError ||
    e instanceof AccessDeniedError ||
    e instanceof StreamNotFoundError ||
    e instanceof NotFoundError ||
    e instanceof StreamDeletedError ||
    e instanceof StreamTombstonedError ||
    e instanceof InvalidArgumentError ||
    e instanceof UnsupportedError ||
    e instanceof MaxAppendSizeExceededError ||
    e instanceof AppendRecordSizeExceededError
  );
}

/** Worth retrying the very same call (with the same event ids, for an append). */
export function isTransient(error: unknown): boolean {
  const e = toCommandError(error);
  if (e instanceof Error && isCommandError(e)) return !isAboutTheRequest(e);
  // Cluster discovery gives up with a plain Error; any other plain error is a bug, not the network.
  return e instanceof Error && e.message.startsWith('Failed to discover');
}

/**
 * A subscription resubscribes after any error but these two: without the right to read `$all`, or
 * with nothing to read, another attempt meets the same answer, and an operator has to act.
 */
export function endsSubscription(error: unknown): boolean {
  const e = toCommandError(error);
  return (
    e instanceof AccessDeniedError || e instanceof NotFoundError || e instanceof StreamNotFoundError
  );
}

/** The client's error as the port's: a conflict, the store unreachable, or the error itself. */
export function translate(
  error: unknown,
  streamName?: string,
  expected?: ExpectedRevision,
): unknown {
  const e = toCommandError(error);
  if (
    e instanceof WrongExpectedVersionError &&
    streamName !== undefined &&
    expected !== undefined
  ) {
    const actual = e.actualState;
    return new WrongExpectedRevisionError(
      streamName,
      expected,
      actual === NO_STREAM || typeof actual !== 'bigint' ? 'no_stream' : Number(actual),
    );
  }
  if (isTransient(e))
    return new EventStoreUnavailableError(
      `KurrentDB unavailable: ${e instanceof Error ? e.message : String(e)}`,
      e,
    );
  return e;
}
