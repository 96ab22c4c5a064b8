import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@companion/event-store';
import { Decider, DomainEvent, invalid } from '../src/domain';
import { EventSourcedCommands } from '../src/event-sourcing/event-sourced-commands';
import { commandLoopOver } from '../src/testing/command-loop';

type Added = DomainEvent<'Added', { by: string }>;
interface Tally {
  count: number;
  by: string[];
}

/** At most `limit` additions per stream: a rule that lost updates would break. */
const tally = (limit: number): Decider<Tally, { by: string }, Added> => ({
  initialState: () => ({ count: 0, by: [] }),
  evolve: (s, e) => ({ count: s.count + 1, by: [...s.by, e.data.by] }),
  decide: (c, s) => {
    if (s.count >= limit) throw invalid('full', 'no more');
    return [{ type: 'Added', data: { by: c.by } }];
  },
});

describe('EventSourcedCommands (read the tail, decide, append with the revision read)', () => {
  let store: SqliteEventStore;
  let commands: EventSourcedCommands;

  beforeEach(() => {
    store = new SqliteEventStore({
      filename: join(mkdtempSync(join(tmpdir(), 'companion-cmd-')), 'events.db'),
    });
    commands = commandLoopOver(store);
  });
  afterEach(() => store.close());

  it('carries the state from one command to the next', async () => {
    const decider = tally(10);
    await commands.handle('tally-a', decider, { by: 'x' });
    const r = await commands.handle('tally-a', decider, { by: 'y' });
    expect(r.state).toEqual({ count: 2, by: ['x', 'y'] });
    expect((await store.readStream('tally-a')).map((e) => e.revision)).toEqual([0, 1]);
  });

  it("appends a fresh command's events with ids that begin with the clock's time (UUID version 7)", async () => {
    await commands.handle('tally-t', tally(10), { by: 'x' });
    const [event] = await store.readStream('tally-t');
    expect(event.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    // commandLoopOver's clock: 2026-11-21T12:00:00Z.
    expect(parseInt(event.id.replace('-', '').slice(0, 12), 16)).toBe(
      Date.parse('2026-11-21T12:00:00Z'),
    );
  });

  it('sees what another process appended since its last command', async () => {
    const decider = tally(10);
    await commands.handle('tally-b', decider, { by: 'x' });
    await store.append(
      'tally-b',
      [
        {
          id: randomUUID(),
          type: 'Added',
          data: { by: 'elsewhere' },
          metadata: { occurredAt: '2026-11-21T12:00:00.000Z' },
        },
      ],
      0,
    );
    const r = await commands.handle('tally-b', decider, { by: 'y' });
    expect(r.state.by).toEqual(['x', 'elsewhere', 'y']);
    // A second instance with nothing remembered folds the whole stream to the same state.
    const other = commandLoopOver(store);
    expect((await other.handle('tally-b', decider, { by: 'z' })).state.by).toEqual([
      'x',
      'elsewhere',
      'y',
      'z',
    ]);
    expect((await commands.handle('tally-b', decider, { by: 'w' })).state.count).toBe(5);
  });

  it('does not refuse on a remembered state that another process has since moved on from', async () => {
    const decider = tally(2);
    await commands.handle('tally-f', decider, { by: 'x' });
    await commands.handle('tally-f', decider, { by: 'y' });
    // Another process cannot undo events, but a decider may refuse on an old state and accept on
    // a newer one: here a reset event (unknown to this decider's count rule) is simulated by a
    // decider whose limit depends on the last writer.
    const lenient: Decider<Tally, { by: string }, Added> = {
      ...decider,
      decide: (c, s) => {
        if (s.count >= 2 && s.by[s.by.length - 1] !== 'admin') throw invalid('full', 'no more');
        return [{ type: 'Added', data: { by: c.by } }];
      },
    };
    await commands.handle('tally-f', lenient, { by: 'x' }).catch(() => undefined);
    await store.append(
      'tally-f',
      [
        {
          id: randomUUID(),
          type: 'Added',
          data: { by: 'admin' },
          metadata: { occurredAt: '2026-11-21T12:00:00.000Z' },
        },
      ],
      1,
    );
    expect((await commands.handle('tally-f', lenient, { by: 'z' })).state.by).toEqual([
      'x',
      'y',
      'admin',
      'z',
    ]);
  });

  it('decides a likely-new stream without reading it, and a wrong guess still decides on the real state', async () => {
    const reads = jest.spyOn(store, 'readStream');
    const decider = tally(2);
    await commands.handle('tally-n', decider, { by: 'x' }, {}, { likelyNew: true });
    expect(reads).not.toHaveBeenCalled();
    // Not new after all (another process wrote it): the append fails, the stream is read, the rule holds.
    const other = commandLoopOver(store);
    expect(
      (await other.handle('tally-n', decider, { by: 'y' }, {}, { likelyNew: true })).state.by,
    ).toEqual(['x', 'y']);
    const third = commandLoopOver(store);
    await expect(
      third.handle('tally-n', decider, { by: 'z' }, {}, { likelyNew: true }),
    ).rejects.toMatchObject({ code: 'full' });
    expect((await store.readStream('tally-n')).map((e) => e.data)).toEqual([
      { by: 'x' },
      { by: 'y' },
    ]);
  });

  it('decides on a state its caller keeps without reading, and keeps that stream out of its own cache', async () => {
    const decider = tally(3);
    const reads = jest.spyOn(store, 'readStream');
    // Nothing kept yet (null): the stream is read, and the result says where it stands.
    const first = await commands.handle('tally-k', decider, { by: 'x' }, {}, { known: null });
    expect(first).toMatchObject({ state: { count: 1 }, revision: 0 });
    expect(reads).toHaveBeenCalledTimes(1);
    const second = await commands.handle('tally-k', decider, { by: 'y' }, {}, { known: first });
    expect(second).toMatchObject({ state: { by: ['x', 'y'] }, revision: 1 });
    expect(reads).toHaveBeenCalledTimes(1);
    // The loop remembered neither: a command that leaves the state to it reads the stream.
    expect((await commands.handle('tally-k', decider, { by: 'z' })).revision).toBe(2);
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it('a kept state the stream has moved on from costs a read, never a wrong decision', async () => {
    const decider = tally(2);
    const kept = await commands.handle('tally-s', decider, { by: 'x' }, {}, { known: null });
    await commandLoopOver(store).handle('tally-s', decider, { by: 'elsewhere' });
    // A loop that knows nothing of the stream but the kept state decides on it (one of two) and
    // appends; the append conflicts, and on the real state the stream is full.
    const appends = jest.spyOn(store, 'append');
    await expect(
      commandLoopOver(store).handle('tally-s', decider, { by: 'y' }, {}, { known: kept }),
    ).rejects.toMatchObject({ code: 'full' });
    expect(appends).toHaveBeenCalledTimes(1);
    expect((await store.readStream('tally-s')).map((e) => e.data)).toEqual([
      { by: 'x' },
      { by: 'elsewhere' },
    ]);
  });

  it('keeps the rule under concurrent commands on one stream: exactly the allowed number succeed', async () => {
    const decider = tally(5);
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => commands.handle('tally-c', decider, { by: `w${i}` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(await store.readStream('tally-c')).toHaveLength(5);
  });

  it('keeps each decider state apart on a stream that two deciders share', async () => {
    const a = tally(10);
    const b: Decider<number, { by: string }, Added> = {
      initialState: () => 0,
      evolve: (n) => n + 100,
      decide: (c) => [{ type: 'Added', data: { by: c.by } }],
    };
    await commands.handle('tally-d', a, { by: 'x' });
    expect((await commands.handle('tally-d', b, { by: 'y' })).state).toBe(200);
    expect((await commands.handle('tally-d', a, { by: 'z' })).state.count).toBe(3);
  });

  it('shares remembered states frozen: an evolve that changes its input fails instead of corrupting them', async () => {
    const mutating: Decider<Tally, { by: string }, Added> = {
      ...tally(10),
      evolve: (s, e) => {
        s.by.push(e.data.by);
        return { count: s.count + 1, by: s.by };
      },
    };
    await expect(commands.handle('tally-e', mutating, { by: 'x' })).rejects.toThrow(TypeError);
    // A state its caller keeps (`known`) is frozen too.
    await expect(
      commands.handle('tally-m', mutating, { by: 'x' }, {}, { known: null }),
    ).rejects.toThrow(TypeError);
    expect(await store.readStream('tally-m')).toHaveLength(0);
    // Nothing was written by the failed command, and what it tried to change is unchanged.
    expect(await store.readStream('tally-e')).toHaveLength(0);
    expect(await commands.handle('tally-e', mutating, { by: 'y' }).catch(() => null)).toBeNull();
    expect((await commands.handle('tally-e', tally(10), { by: 'z' })).state.by).toEqual(['z']);
  });
});
