import type { ReadStore, Write, WriteOptions } from '../../src/read-store.port';

/**
 * A read store whose process stops inside its `call`-th write, between the writes `at - 1` and
 * `at` of that batch: a write to a collection that does not exist is slipped in there, so the
 * adapter fails at that point of its own transaction, and from then on every call fails (a stopped
 * process sends nothing more). The data stays in `inner`, where the restarted process finds it.
 */
export function stoppingStore(
  inner: ReadStore,
  call: number,
  at: number,
): { store: ReadStore; stopped: Promise<void> } {
  let writes = 0;
  let dead = false;
  let markStopped!: () => void;
  const stopped = new Promise<void>((resolve) => (markStopped = resolve));
  const alive = () => {
    if (dead) throw new Error('process stopped');
  };
  const store: ReadStore = {
    ensureCollection: async (c, i, o) => (alive(), inner.ensureCollection(c, i, o)),
    dropCollection: async (c) => (alive(), inner.dropCollection(c)),
    listCollections: async () => (alive(), inner.listCollections()),
    get: async (c, id) => (alive(), inner.get(c, id)),
    getMany: async (c, ids) => (alive(), inner.getMany(c, ids)),
    find: async (c, f, o) => (alive(), inner.find(c, f, o)),
    findIds: async (c, f, o) => (alive(), inner.findIds(c, f, o)),
    count: async (c, f) => (alive(), inner.count(c, f)),
    ping: async () => (alive(), inner.ping()),
    claimLease: async (id, owner, now, until) => (alive(), inner.claimLease(id, owner, now, until)),
    releaseLease: async (id, owner) => (alive(), inner.releaseLease(id, owner)),
    close: async () => {},
    async write(batch: readonly Write[], options?: WriteOptions) {
      alive();
      if (writes++ !== call) return inner.write(batch, options);
      const cut = Math.min(at, batch.length);
      const poison: Write = { collection: 'process_stopped_here', op: 'delete', id: 'x' };
      dead = true;
      markStopped();
      await inner
        .write([...batch.slice(0, cut), poison, ...batch.slice(cut)], options)
        .catch(() => {});
      throw new Error(`process stopped between writes ${cut - 1} and ${cut} of a batch`);
    },
  };
  return { store, stopped };
}
