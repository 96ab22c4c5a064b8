import { backoffDelay } from '../src/backoff';

describe('backoffDelay (capped exponential, equal jitter)', () => {
  const policy = { initialMs: 100, maxMs: 5000 };

  it('doubles the ceiling with each failure, half of it sure and half at random', () => {
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, policy, () => 0))).toEqual([50, 100, 200, 400]);
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, policy, () => 1))).toEqual([100, 200, 400, 800]);
    expect(backoffDelay(2, policy, () => 0.5)).toBe(300);
  });

  it('never waits more than the cap, however many failures, and never nothing', () => {
    for (const n of [6, 7, 50, 1_000_000]) {
      expect(backoffDelay(n, policy, () => 1)).toBe(5000);
      expect(backoffDelay(n, policy, () => 0)).toBe(2500);
    }
  });
});
