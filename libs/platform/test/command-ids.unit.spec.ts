import { AsyncLocalStorage } from 'node:async_hooks';
import {
  eventIdOf,
  nextCommandId,
  openCommandScope,
  openCommandScopes,
  runInCommandScope,
} from '../src/event-sourcing/command-ids';

/** A promise settled from outside, to hold a scope open across other scopes' lives. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
const tick = () => new Promise<void>((r) => setImmediate(r));
const now = new Date('2026-11-27T09:00:00.000Z');

describe('command ids: derived in a scope, fresh outside; the storage enabled only while a scope is open', () => {
  let disable: jest.SpyInstance;
  beforeEach(() => {
    disable = jest.spyOn(AsyncLocalStorage.prototype, 'disable');
  });
  afterEach(() => {
    disable.mockRestore();
    expect(openCommandScopes()).toBe(0);
  });

  const idsOf = (base: string) =>
    runInCommandScope(base, async () => {
      const first = nextCommandId('stream-a', now);
      await tick();
      const second = nextCommandId('stream-a', now);
      const other = nextCommandId('stream-b', now);
      return [first, second, other];
    });

  it('given a scope, when its commands run across awaits, then their ids are derived, in order, the same on a retry', async () => {
    const once = await idsOf('agent-1/key-1');
    expect(once.every((c) => c.repeatable)).toBe(true);
    expect(new Set(once.map((c) => c.id)).size).toBe(3);
    expect(await idsOf('agent-1/key-1')).toEqual(once);
    expect((await idsOf('agent-1/key-2'))[0].id).not.toBe(once[0].id);
  });

  it('given no scope open, then each command gets a fresh id', () => {
    const [a, b] = [nextCommandId('stream-a', now), nextCommandId('stream-a', now)];
    expect([a.repeatable, b.repeatable]).toEqual([false, false]);
    expect(a.id).not.toBe(b.id);
  });

  it('given two scopes open, when the first closes, then the second keeps deriving; the storage is disabled when the last closes', async () => {
    const holdA = deferred();
    const holdB = deferred();
    const a = runInCommandScope('agent-1/key-a', async () => {
      await holdA.promise;
      return nextCommandId('s', now);
    });
    const b = runInCommandScope('agent-2/key-b', async () => {
      await holdB.promise;
      await tick();
      return nextCommandId('s', now);
    });
    expect(openCommandScopes()).toBe(2);
    holdA.resolve();
    expect((await a).repeatable).toBe(true);
    expect(openCommandScopes()).toBe(1);
    expect(disable).not.toHaveBeenCalled();
    holdB.resolve();
    expect((await b).repeatable).toBe(true);
    expect(disable).toHaveBeenCalledTimes(1);
    expect(nextCommandId('s', now).repeatable).toBe(false);
  });

  it('closes a scope whose work fails, or throws before it starts, and counts a second close as nothing', async () => {
    await expect(
      runInCommandScope('k', () => Promise.reject(new Error('refused'))),
    ).rejects.toThrow('refused');
    expect(() =>
      openCommandScope('k', () => {
        throw new Error('at once');
      }),
    ).toThrow('at once');
    const { close } = openCommandScope('k', () => undefined);
    const other = openCommandScope('k2', () => undefined);
    close();
    close();
    expect(openCommandScopes()).toBe(1);
    other.close();
  });
});

describe('event ids: ordered by time for a fresh command, derived from the command id alone for a repeatable one', () => {
  it('given no scope, then a command id is a UUID version 7 whose first 48 bits are the time, and a later one sorts after it', () => {
    const { id } = nextCommandId('s', now);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace('-', '').slice(0, 12), 16)).toBe(now.getTime());
    const later = nextCommandId('s', new Date(now.getTime() + 1)).id;
    expect([later, id].sort()).toEqual([id, later]);
  });

  it("given a fresh command, then its events' ids keep its time, are version 7, and are the same on every attempt", () => {
    const { id } = nextCommandId('s', now);
    const events = [eventIdOf(id, 0), eventIdOf(id, 1)];
    for (const e of events) {
      expect(e.slice(0, 13)).toBe(id.slice(0, 13));
      expect(e).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(new Set([...events, id]).size).toBe(3);
    expect([eventIdOf(id, 0), eventIdOf(id, 1)]).toEqual(events);
  });

  it('given a command in a scope, then its events keep the ids every earlier version derived (a retry across an upgrade finds them)', async () => {
    const [{ id }] = await runInCommandScope('agent-1/key-1', async () => [
      nextCommandId('swipes-a', now),
    ]);
    // Values computed by the derivation as it was before time-ordered ids.
    expect(id).toBe('f8473ca9-42f0-546d-9569-d9a0703650cf');
    expect([eventIdOf(id, 0), eventIdOf(id, 1)]).toEqual([
      'bd43e866-7b35-5327-9555-0d56d43f3b5c',
      '542c5259-ebd5-56c7-93dc-6a20c98884f6',
    ]);
  });
});
