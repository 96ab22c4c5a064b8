import { Response } from './app';

/** What the e2e suites assert of any HTTP answer. */

export const JSON_CT = { 'content-type': 'application/json' };

/** Fails with the status and body when the status is not one of `allowed`. */
export function expectStatus(res: Response, allowed: number | number[]): void {
  const list = Array.isArray(allowed) ? allowed : [allowed];
  if (!list.includes(res.status))
    throw new Error(
      `expected status ${list.join(' or ')}, got ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`,
    );
}

/** The README's error body: `{ statusCode, error, message, code? }`, JSON, status as given. */
export function expectErrorBody(res: Response, statuses: number | number[]): void {
  expectStatus(res, statuses);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.body).toEqual(
    expect.objectContaining({ statusCode: res.status, error: expect.any(String) }),
  );
  const { message, code } = res.body;
  expect(
    typeof message === 'string' ||
      (Array.isArray(message) &&
        message.length > 0 &&
        message.every((m: unknown) => typeof m === 'string')),
  ).toBe(true);
  if (code !== undefined) expect(typeof code).toBe('string');
}
