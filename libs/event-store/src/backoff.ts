/** How long to wait between attempts of something that failed for a reason outside the request. */
export interface BackoffPolicy {
  /** The first wait's ceiling; each failure doubles it. */
  initialMs: number;
  /** The ceiling never grows past this. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { initialMs: 100, maxMs: 5000 };

/**
 * Capped exponential backoff with "equal jitter": half the ceiling for sure, the other half at
 * random, so processes that lost the same server do not come back in step, and none retries at once.
 */
export function backoffDelay(
  failures: number,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxMs, policy.initialMs * 2 ** Math.min(failures, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** A wait that `cancel()` ends early (a subscription closed while it waited to resubscribe). */
export function cancellableDelay(ms: number): { done: Promise<void>; cancel: () => void } {
  let cancel = () => {};
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    cancel = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  return { done, cancel };
}
