import { DocumentCache } from '../src/embedded/document-cache';

describe('document cache: a write no reader sees before its commit (WriteOptions.unshared)', () => {
  it('pins nothing, and replaces a document that readers had cached', () => {
    const cache = new DocumentCache(10, true);
    cache.set('c', 'read', { _id: 'read', v: 1 });
    cache.set('c', 'missing', null);
    cache.replaceCached('c', 'read', { _id: 'read', v: 2 });
    cache.replaceCached('c', 'missing', { _id: 'missing', v: 1 });
    cache.replaceCached('c', 'unread', { _id: 'unread', v: 1 });
    expect(cache.get('c', 'read')).toEqual({ _id: 'read', v: 2 });
    expect(Object.isFrozen(cache.get('c', 'read'))).toBe(true);
    expect(cache.get('c', 'missing')).toEqual({ _id: 'missing', v: 1 });
    // Not pinned: a document nobody read is left to the file, not held in memory until a commit.
    expect(cache.get('c', 'unread')).toBeUndefined();
    cache.replaceCached('c', 'read', null);
    expect(cache.get('c', 'read')).toBeNull();
  });

  it('forgets everything on clear (a write that failed)', () => {
    const cache = new DocumentCache(10, false);
    cache.set('c', 'a', { _id: 'a' });
    cache.clear();
    expect(cache.get('c', 'a')).toBeUndefined();
  });

  it('shows a shared write to readers until it commits, an unshared one not, and forgets on failure', async () => {
    const cache = new DocumentCache(10, false);
    const doc = { _id: 'x', v: 1 };
    const seen: unknown[] = [];
    for (const unshared of [false, true])
      await cache.whileWriting(
        [['c', 'x', doc]],
        unshared,
        async () => seen.push(cache.get('c', 'x')),
        () => true,
      );
    expect(seen).toEqual([doc, undefined]);
    cache.set('c', 'x', doc);
    await cache.whileWriting(
      [['c', 'x', { _id: 'x', v: 2 }]],
      true,
      async () => 'failed',
      () => false,
    );
    expect(cache.get('c', 'x')).toBeUndefined();
  });
});
