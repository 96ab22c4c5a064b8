import type { ReadStore } from '../read-store.port';

/**
 * `WriteOptions.after`, as every ReadStore adapter honours it (the rebuild's hand-over of one batch
 * while the one before commits: docs/rebuild-writer-thread.md). Part of readStoreContract, on its store and
 * its fresh collection.
 */
export function writeAfterCases(current: () => { store: ReadStore; coll: string }): void {
  it('sends a write with `after` once that write has committed, and nothing if it failed', async () => {
    const { store, coll } = current();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const waiting = store.write([{ collection: coll, op: 'put', doc: { _id: 'later' } }], {
      after: gate,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await store.get(coll, 'later')).toBeNull();
    open();
    await waiting;
    expect(await store.get(coll, 'later')).toEqual({ _id: 'later' });

    const failed = Promise.reject(new Error('the write before failed'));
    await expect(
      store.write([{ collection: coll, op: 'put', doc: { _id: 'never' } }], {
        after: failed,
        unshared: true,
      }),
    ).rejects.toThrow('the write before failed');
    await expect(store.write([], { after: failed })).rejects.toThrow('the write before failed');
    expect(await store.get(coll, 'never')).toBeNull();
  });
}
