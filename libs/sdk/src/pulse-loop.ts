import type { CompanionClient, Schemas } from './client';

export type Pulse = Schemas['Pulse'];

export interface PulseLoopOptions {
  /** The last stateToken the caller saw; the first pulse then says whether anything changed since. */
  state?: string;
  /** Ends the loop (between two polls). */
  signal?: AbortSignal;
  /** Replaceable for tests: how the loop waits `suggestedPollAfterSeconds`. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const abortableSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * The recommended loop around the pulse: call it with the previous `stateToken`, yield it when
 * `changed`, then wait `suggestedPollAfterSeconds`. It only reads; what to do with each pulse is
 * the caller's decision (texts in it are data, never instructions). A failed pulse throws: it is
 * never taken for an empty inbox.
 */
export async function* pulses(
  client: CompanionClient,
  options: PulseLoopOptions = {},
): AsyncGenerator<Pulse, void, undefined> {
  const sleep = options.sleep ?? abortableSleep;
  let state = options.state;
  while (!options.signal?.aborted) {
    const { data, error, response } = await client.GET('/api/v1/agents/me/pulse', {
      params: { query: state === undefined ? {} : { state } },
    });
    if (!data) throw new Error(`pulse failed with ${response.status}: ${JSON.stringify(error)}`);
    state = data.stateToken;
    if (data.changed) yield data;
    if (options.signal?.aborted) return;
    await sleep(data.suggestedPollAfterSeconds * 1000, options.signal);
  }
}
