import type { ProjectedEvent } from '@companion/event-store';
import { Doc, Projection, SqliteReadStore } from '../src';
import { generationUnitOfWork } from '../src/projections/apply-batch';
import { UnitOfWork } from '../src/projections/unit-of-work';

interface Note extends Doc {
  n: number;
}

/**
 * A collection declared written once is held by a batch in write order, without a map of its ids
 * until something reads one (matching's messages in a rebuild): what the batch writes and what it
 * reads must be what a map by id gives, but for a second put of an id with no read between.
 */
describe('UnitOfWork: a collection written once', () => {
  const event = (position: number): ProjectedEvent => ({
    id: String(position),
    type: 'Noted',
    data: {},
    metadata: { occurredAt: '2026-11-28T09:00:00.000Z' },
    position,
  });
  const note = (_id: string, n: number): Note => ({ _id, n });
  const putOf = (_id: string, n: number, _pos: number) => ({
    collection: 'once',
    op: 'put',
    doc: { _id, n, _pos },
  });

  function unit(previous?: UnitOfWork) {
    const store = new SqliteReadStore(':memory:');
    return new UnitOfWork(store, (c) => c, previous, new Set(['once']));
  }

  it('writes its documents in the order they were put', () => {
    const uow = unit();
    ['c', 'a', 'b'].forEach((id, i) => uow.contextFor(event(i + 1)).put('once', note(id, i)));
    expect(uow.writes()).toEqual([putOf('c', 0, 1), putOf('a', 1, 2), putOf('b', 2, 3)]);
  });

  it('reads a document put earlier in the batch, and changes it in its place', async () => {
    const uow = unit();
    ['a', 'b', 'c'].forEach((id, i) => uow.contextFor(event(i + 1)).put('once', note(id, i)));
    await expect(uow.contextFor(event(4)).get<Note>('once', 'b')).resolves.toEqual(
      putOf('b', 1, 2).doc,
    );
    await uow.contextFor(event(5)).update<Note>('once', 'a', (d) => ({ ...d!, n: 10 }));
    uow.contextFor(event(6)).put('once', note('c', 20));
    uow.contextFor(event(7)).put('once', note('d', 3));
    await uow.contextFor(event(8)).update<Note>('once', 'b', () => null);
    expect(uow.writes()).toEqual([
      putOf('a', 10, 5),
      { collection: 'once', op: 'delete', id: 'b' },
      putOf('c', 20, 6),
      putOf('d', 3, 7),
    ]);
  });

  it('reads the last of two puts of an id, and a document put after the first read', async () => {
    const uow = unit();
    uow.contextFor(event(1)).put('once', note('a', 1));
    uow.contextFor(event(2)).put('once', note('a', 2));
    await expect(uow.contextFor(event(3)).get<Note>('once', 'a')).resolves.toMatchObject({ n: 2 });
    uow.contextFor(event(4)).put('once', note('d', 4));
    await expect(uow.contextFor(event(5)).get<Note>('once', 'd')).resolves.toEqual(
      putOf('d', 4, 4).doc,
    );
    await uow.contextFor(event(6)).update<Note>('once', 'a', (d) => ({ ...d!, n: d!.n + 10 }));
    expect(uow.writes()).toEqual([putOf('a', 1, 1), putOf('a', 12, 6), putOf('d', 4, 4)]);
  });

  it('shows the next batch what the batch before put', async () => {
    const first = unit();
    first.contextFor(event(1)).put('once', note('a', 1));
    first.contextFor(event(2)).put('once', note('b', 2));
    const next = unit(first);
    await expect(next.contextFor(event(3)).get<Note>('once', 'a')).resolves.toEqual(
      putOf('a', 1, 1).doc,
    );
    await next.contextFor(event(4)).update<Note>('once', 'b', (d) => ({ ...d!, n: d!.n + 1 }));
    expect(next.writes()).toEqual([putOf('b', 3, 4)]);
  });

  it('keeps a second put of an id with no read between as two writes, in order (a map would keep one)', () => {
    const uow = unit();
    uow.contextFor(event(1)).put('once', note('a', 1));
    uow.contextFor(event(2)).put('once', note('a', 2));
    expect(uow.writes()).toEqual([putOf('a', 1, 1), putOf('a', 2, 2)]);
  });

  it('is what a generation unit of work gives the collections a projection declares written once', () => {
    const projection: Projection = {
      name: 'notes',
      version: 1,
      collections: [{ name: 'once', writtenOnce: true }, { name: 'kept' }],
      eventTypes: ['Noted'],
      apply: () => Promise.resolve(),
    };
    const uow = generationUnitOfWork(new SqliteReadStore(':memory:'), projection, 3);
    const ctx = uow.contextFor(event(1));
    for (const collection of ['once', 'kept']) {
      ctx.put(collection, note('a', 1));
      ctx.put(collection, note('a', 2));
    }
    expect(uow.writes().map((w) => w.collection)).toEqual(['once_g3', 'once_g3', 'kept_g3']);
  });
});
