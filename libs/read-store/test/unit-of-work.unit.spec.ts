import type { RecordedEvent } from '@companion/event-store';
import { Doc, SqliteReadStore } from '../src';
import { UnitOfWork } from '../src/projections/unit-of-work';

interface Counter extends Doc {
  n: number;
}

describe('UnitOfWork.update', () => {
  const event = (position: number): RecordedEvent => ({
    id: String(position),
    type: 'Counted',
    data: {},
    metadata: { occurredAt: '2026-11-22T09:00:00.000Z' },
    streamName: 's',
    revision: position - 1,
    position,
    recordedAt: '2026-11-22T09:00:00.000Z',
  });

  async function given(doc: Counter & { _pos: number }) {
    const store = new SqliteReadStore(':memory:', { cacheDocuments: 100, freezeDocuments: true });
    await store.ensureCollection('c');
    await store.write([{ collection: 'c', op: 'put', doc }]);
    return { store, uow: new UnitOfWork(store, (c) => c) };
  }

  it('writes nothing when fn gives the document back', async () => {
    const { uow } = await given({ _id: 'x', n: 1, _pos: 1 });
    await uow.contextFor(event(2)).update<Counter>('c', 'x', (c) => c);
    expect(uow.writes()).toEqual([]);
  });

  it('writes nothing when fn returns undefined', async () => {
    const { uow } = await given({ _id: 'x', n: 1, _pos: 1 });
    await uow.contextFor(event(2)).update<Counter>('c', 'x', () => undefined);
    expect(uow.writes()).toEqual([]);
  });

  it('writes a changed document with the position of the event that changed it', async () => {
    const { uow } = await given({ _id: 'x', n: 1, _pos: 1 });
    await uow.contextFor(event(2)).update<Counter>('c', 'x', (c) => ({ ...c!, n: c!.n + 1 }));
    expect(uow.writes()).toEqual([
      { collection: 'c', op: 'put', doc: { _id: 'x', n: 2, _pos: 2 } },
    ]);
  });

  it('keeps an earlier change of the batch when a later event gives the document back', async () => {
    const { uow } = await given({ _id: 'x', n: 1, _pos: 1 });
    await uow.contextFor(event(2)).update<Counter>('c', 'x', (c) => ({ ...c!, n: 5 }));
    await uow.contextFor(event(3)).update<Counter>('c', 'x', (c) => c);
    expect(uow.writes()).toEqual([
      { collection: 'c', op: 'put', doc: { _id: 'x', n: 5, _pos: 2 } },
    ]);
  });

  it('shows a later event of the batch, and of the next batch, a document deleted earlier as gone', async () => {
    const { store, uow } = await given({ _id: 'x', n: 1, _pos: 1 });
    await uow.contextFor(event(2)).update<Counter>('c', 'x', () => null);
    const seen: Array<Counter | null> = [];
    await uow.contextFor(event(3)).update<Counter>('c', 'x', (c) => (seen.push(c), undefined));
    const next = new UnitOfWork(store, (c) => c, uow);
    await next.contextFor(event(4)).update<Counter>('c', 'x', (c) => (seen.push(c), undefined));
    expect(seen).toEqual([null, null]);
    expect(uow.writes()).toEqual([{ collection: 'c', op: 'delete', id: 'x' }]);
  });

  it('refuses a shared document handed over as new: it is frozen under freezeDocuments, and stamping it throws', async () => {
    const { store, uow } = await given({ _id: 'x', n: 1, _pos: 1 });
    await store.write([{ collection: 'c', op: 'put', doc: { _id: 'y', n: 7, _pos: 1 } }]);
    const shared = (await store.get<Counter>('c', 'y'))!;
    await expect(uow.contextFor(event(2)).update<Counter>('c', 'x', () => shared)).rejects.toThrow(
      TypeError,
    );
    expect(await store.get<Counter>('c', 'y')).toEqual({ _id: 'y', n: 7, _pos: 1 });
  });

  it('leaves a document alone for an event it has already applied (a replay)', async () => {
    const { uow } = await given({ _id: 'x', n: 1, _pos: 3 });
    await uow.contextFor(event(3)).update<Counter>('c', 'x', (c) => ({ ...c!, n: 9 }));
    expect(uow.writes()).toEqual([]);
  });

  it('changes a document of the batch without waiting, and still reports what fn throws as a rejection', async () => {
    const { uow } = await given({ _id: 'x', n: 1, _pos: 1 });
    await uow.contextFor(event(2)).update<Counter>('c', 'x', (c) => ({ ...c!, n: 2 }));
    // Held by the batch: applied before the returned promise is awaited.
    void uow.contextFor(event(3)).update<Counter>('c', 'x', (c) => ({ ...c!, n: c!.n + 1 }));
    expect(uow.writes()).toEqual([
      { collection: 'c', op: 'put', doc: { _id: 'x', n: 3, _pos: 3 } },
    ]);
    await expect(uow.contextFor(event(4)).get<Counter>('c', 'x')).resolves.toMatchObject({ n: 3 });
    const failing = uow.contextFor(event(5)).update<Counter>('c', 'x', () => {
      throw new Error('projection bug');
    });
    await expect(failing).rejects.toThrow('projection bug');
  });
});
