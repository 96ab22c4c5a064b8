import type { CompatibilityBreakdown } from '../../domain/compatibility';
import type { Ranked } from '../../domain/discovery-order';
import { SCORES_MAX_BYTES, writeScoresMembers } from '../../domain/scores-json';

/** A candidate of the page: its public profile's JSON bytes and what its scores are written from. */
export interface PageItem {
  /** UTF-8 JSON of one object (`profileJson`): its closing brace is where the scores go. */
  readonly profile: Uint8Array;
  readonly ranked: Ranked;
  readonly breakdown: CompatibilityBreakdown;
}

const HEAD = Buffer.from('{"agents":[');
const TAIL = Buffer.from(']}');
const COMMA = 0x2c;
const CLOSE = 0x7d;

/**
 * The body of GET /discover, `{"agents":[…]}`, each item the profile's members then the scores,
 * written into one buffer. Why bytes: as text, the page of 20 was joined, flattened, measured for
 * its length by Fastify and encoded by the socket's write, each a pass over 15 KB
 * (docs/discovery-page-bytes.md). Here each profile is copied as it was encoded once, and the
 * scores' digits are written in place (docs/discovery-scores-bytes.md). The buffer is sized for
 * the longest scores, and the answer is the part written.
 */
export function discoverPageJson(items: readonly PageItem[]): Buffer {
  // The commas between items; each item the profile (a comma instead of its brace), then the
  // scores with the brace again.
  let size = HEAD.length + TAIL.length + Math.max(0, items.length - 1);
  for (const item of items) size += item.profile.length + SCORES_MAX_BYTES + 1;
  const out = Buffer.allocUnsafe(size);
  let at = HEAD.copy(out, 0);
  for (let i = 0; i < items.length; i++) {
    const { profile, ranked, breakdown } = items[i];
    if (i > 0) out[at++] = COMMA;
    out.set(profile, at);
    at += profile.length;
    out[at - 1] = COMMA;
    at = writeScoresMembers(out, at, ranked, breakdown);
    out[at++] = CLOSE;
  }
  // A write past the end of a typed array is dropped: the count says whether one was.
  if (at + TAIL.length > out.length)
    throw new Error(`discovery page: ${at + TAIL.length} bytes written of ${out.length}`);
  at += TAIL.copy(out, at);
  return out.subarray(0, at);
}
