/**
 * The local embedder's hashing (local-embedder.ts): where a feature lands in a block, and its sign.
 * Any change here changes stored vectors (and the model name).
 */
/**
 * Signed feature hashing: a feature lands in one of `size` slots after `offset`, with a sign taken
 * from another bit of the same hash, so that colliding features cancel out on average instead of
 * always adding up.
 */
export function addHashed(
  v: number[],
  offset: number,
  size: number,
  feature: string,
  value: number,
): void {
  const h = mix32(fnv1a(feature));
  v[offset + (h % size)] += h >>> 31 === 1 ? -value : value;
}

/** 32-bit FNV-1a of the UTF-8 bytes: small, stable across platforms, and with published test vectors. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  const byte = (b: number) => {
    h = Math.imul(h ^ b, 0x01000193);
  };
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    if (cp < 0x80) byte(cp);
    else if (cp < 0x800) {
      byte(0xc0 | (cp >> 6));
      byte(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
      byte(0xe0 | (cp >> 12));
      byte(0x80 | ((cp >> 6) & 0x3f));
      byte(0x80 | (cp & 0x3f));
    } else {
      byte(0xf0 | (cp >> 18));
      byte(0x80 | ((cp >> 12) & 0x3f));
      byte(0x80 | ((cp >> 6) & 0x3f));
      byte(0x80 | (cp & 0x3f));
    }
  }
  return h >>> 0;
}

/**
 * MurmurHash3's finaliser: FNV-1a's low bits are weak for short keys, and both the slot (low bits)
 * and the sign (top bit) need to look independent.
 */
function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
