import { BoundedCache } from '../src/bounded-cache';

describe('BoundedCache (two generations)', () => {
  it('never holds more than its capacity, and keeps what was used recently', () => {
    const cache = new BoundedCache<string, number, string>(100);
    for (let i = 0; i < 1000; i++) {
      cache.set(i % 2 ? 'odd' : 'even', i, `v${i}`);
      if (i >= 10) expect(cache.get('odd', 5)).toBe('v5'); // used all along: never dropped
      expect(cache.size).toBeLessThanOrEqual(100);
    }
    expect(cache.get('odd', 999)).toBe('v999');
    expect(cache.get('even', 0)).toBeUndefined();
  });

  it('keeps a value of null apart from a missing one, and updates, deletes and clears', () => {
    const cache = new BoundedCache<string, string, string | null>(4);
    cache.set('s', 'a', null);
    expect(cache.get('s', 'a')).toBeNull();
    expect(cache.get('s', 'b')).toBeUndefined();
    cache.set('s', 'a', 'x');
    expect(cache.get('s', 'a')).toBe('x');
    cache.set('s', 'b', 'y');
    cache.set('s', 'c', 'z'); // 'a' and 'b' are now the old generation
    cache.set('s', 'a', 'x2');
    expect(cache.get('s', 'a')).toBe('x2');
    cache.delete('s', 'b');
    expect(cache.has('s', 'b')).toBe(false);
    expect(cache.size).toBe(2);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('keeps spaces apart, and forgets a whole space in both generations', () => {
    const cache = new BoundedCache<string, string, number>(8);
    cache.set('one', 'k', 1);
    cache.set('two', 'k', 2);
    cache.set('one', 'l', 3);
    cache.set('two', 'l', 4);
    cache.set('one', 'm', 5); // the young generation was full: these four are the old one now
    expect(cache.size).toBe(5);
    cache.deleteSpace('one');
    expect([cache.get('one', 'k'), cache.get('one', 'l'), cache.get('one', 'm')]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect([cache.get('two', 'k'), cache.get('two', 'l')]).toEqual([2, 4]);
    expect(cache.size).toBe(2);
  });
});
