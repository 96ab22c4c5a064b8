import { BoundedCache } from '../src/bounded-cache';

describe('BoundedCache (two generations)', () => {
  it('never holds more than its capacity, and keeps what was used recently', () => {
    const cache = new BoundedCache<number, string>(100);
    for (let i = 0; i < 1000; i++) {
      cache.set(i, `v${i}`);
      if (i >= 10) expect(cache.get(5)).toBe('v5'); // used all along: never dropped
      expect(cache.size).toBeLessThanOrEqual(100);
    }
    expect(cache.get(999)).toBe('v999');
    expect(cache.get(0)).toBeUndefined();
  });

  it('keeps a value of null apart from a missing one, and updates, deletes and clears', () => {
    const cache = new BoundedCache<string, string | null>(4);
    cache.set('a', null);
    expect(cache.get('a')).toBeNull();
    expect(cache.get('b')).toBeUndefined();
    cache.set('a', 'x');
    expect(cache.get('a')).toBe('x');
    cache.set('b', 'y');
    cache.set('c', 'z'); // 'a' and 'b' are now the old generation
    cache.set('a', 'x2');
    expect(cache.get('a')).toBe('x2');
    cache.delete('b');
    expect(cache.has('b')).toBe(false);
    cache.deleteWhere((k) => k === 'c');
    expect(cache.get('c')).toBeUndefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
