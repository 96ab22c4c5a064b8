import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@companion/event-store';
import { ManualClock } from '../src/clock/clock';
import { runInCommandScope } from '../src/event-sourcing/command-ids';
import { IdempotentRequests, requestFingerprint } from '../src/idempotency/idempotent-requests';
import { commandLoopOver } from '../src/testing/command-loop';

describe('IdempotentRequests on the embedded event store', () => {
  let store: SqliteEventStore;
  let requests: IdempotentRequests;
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
    const clock = new ManualClock(new Date('2026-11-21T12:00:00Z'));
    const commands = commandLoopOver(store, clock);
    requests = new IdempotentRequests(commands, clock);
  });
  afterEach(() => store.close());

  it('after a 5xx released the key, runs the retry and then replays its answer', async () => {
    // Each attempt records its answer from inside its own request scope, as Fastify's onSend does.
    const attempt = async (response: typeof answer) => {
      const begun = await requests.begin('agent-1', 'k1', request);
      if ('replay' in begun) return begun;
      await runInCommandScope(begun.claim.scope, () => requests.finish(begun.claim, response));
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
});
