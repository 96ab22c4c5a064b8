import { AsyncLocalStorage } from 'node:async_hooks';
import {
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
      const first = nextCommandId('stream-a');
      await tick();
      const second = nextCommandId('stream-a');
      const other = nextCommandId('stream-b');
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
    const [a, b] = [nextCommandId('stream-a'), nextCommandId('stream-a')];
    expect([a.repeatable, b.repeatable]).toEqual([false, false]);
    expect(a.id).not.toBe(b.id);
  });

  it('given two scopes open, when the first closes, then the second keeps deriving; the storage is disabled when the last closes', async () => {
    const holdA = deferred();
    const holdB = deferred();
    const a = runInCommandScope('agent-1/key-a', async () => {
      await holdA.promise;
      return nextCommandId('s');
    });
    const b = runInCommandScope('agent-2/key-b', async () => {
      await holdB.promise;
      await tick();
      return nextCommandId('s');
    });
    expect(openCommandScopes()).toBe(2);
    holdA.resolve();
    expect((await a).repeatable).toBe(true);
    expect(openCommandScopes()).toBe(1);
    expect(disable).not.toHaveBeenCalled();
    holdB.resolve();
    expect((await b).repeatable).toBe(true);
    expect(disable).toHaveBeenCalledTimes(1);
    expect(nextCommandId('s').repeatable).toBe(false);
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
