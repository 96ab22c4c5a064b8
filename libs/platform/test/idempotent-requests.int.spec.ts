import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@companion/event-store';
import { ManualClock } from '../src/clock/clock';
import { IN_FLIGHT_LEASE_MS, REPLAY_WINDOW_MS } from '../src/idempotency/domain/idempotent-request';
import { IdempotentRequests, requestFingerprint } from '../src/idempotency/idempotent-requests';
import { commandLoopOver } from '../src/testing/command-loop';

describe('IdempotentRequests on the embedded event store', () => {
  let store: SqliteEventStore;
  let requests: IdempotentRequests;
  let clock: ManualClock;
  const request = {
    method: 'POST',
    path: '/api/v1/x',
    fingerprint: requestFingerprint('POST', '/api/v1/x', { a: 1 }),
  };
  const answer = { status: 201, contentType: 'application/json', payload: '{"ok":true}' };

  beforeEach(() => {
    store = new SqliteEventStore({
      filename: join(mkdtempSync(join(tmpdir(), 'companion-idem-')), 'events.db'),
    });
    clock = new ManualClock(new Date('2026-11-21T12:00:00Z'));
    const commands = commandLoopOver(store, clock);
    requests = new IdempotentRequests(commands, clock);
  });
  afterEach(() => store.close());

  it('after a 5xx released the key, runs the retry and then replays its answer', async () => {
    const attempt = async (response: typeof answer) => {
      const begun = await requests.begin('agent-1', 'k1', request);
      if ('replay' in begun) return begun;
      await requests.finish(begun.claim, response);
      return begun;
    };
    expect(await attempt({ ...answer, status: 503 })).toHaveProperty('claim');
    expect(await attempt(answer)).toHaveProperty('claim');
    expect(await attempt(answer)).toEqual({ replay: answer });
    const types = (await store.readAll({ maxCount: 10 })).map((e) => e.type);
    expect(types).toEqual([
      'IdempotentRequestStarted',
      'IdempotentRequestReleased',
      'IdempotentRequestStarted',
      'IdempotentResponseRecorded',
    ]);
  });

  it('gives every claim of one request the same command scope, and the request sent after the window a new one', async () => {
    const claimed = async () => {
      const begun = await requests.begin('agent-1', 'k2', request);
      if (!('claim' in begun)) throw new Error('expected a claim');
      return begun.claim;
    };
    const first = await claimed();
    await requests.finish(first, { ...answer, status: 503 });
    clock.advance(1000);
    const retry = await claimed();
    expect(retry.scope.base).toBe(first.scope.base);
    clock.advance(IN_FLIGHT_LEASE_MS + 1); // the retry's process died: the same request takes over
    const takeover = await claimed();
    expect(takeover.scope.base).toBe(first.scope.base);
    await requests.finish(takeover, answer);
    clock.advance(REPLAY_WINDOW_MS + 1);
    // A day later the same request is a new one: new command ids, so its write is not taken for
    // the old one's (which the event store would answer with the old result and write nothing).
    const later = await claimed();
    expect(later.scope.base).not.toBe(first.scope.base);
  });
});
