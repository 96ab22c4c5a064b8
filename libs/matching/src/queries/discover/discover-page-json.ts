/** A candidate of the page: its public profile's JSON bytes and the caller's scores. */
export interface PageItem {
  /** UTF-8 JSON of one object (`profileJson`): its closing brace is where the scores go. */
  readonly profile: Uint8Array;
  /** Members without braces, ASCII only (`scoresJsonMembers`), as text or kept as bytes. */
  readonly scores: string | Uint8Array;
}

const HEAD = Buffer.from('{"agents":[');
const TAIL = Buffer.from(']}');
const COMMA = 0x2c;
const CLOSE = 0x7d;

/**
 * The body of GET /discover, `{"agents":[…]}`, each item the profile's members then the scores,
 * written into one buffer of its exact size. Why bytes: as text, the page of 20 was joined,
 * flattened, measured for its length by Fastify and encoded by the socket's write, each a pass
 * over 15 KB (docs/discovery-page-bytes.md). Here each profile is copied as it was encoded once,
 * and the scores, ASCII (scores-json.property.unit.spec.ts), as Latin-1 (a plain copy) or as the
 * bytes a kept ranking holds (shown-scores.ts).
 */
export function discoverPageJson(items: readonly PageItem[]): Buffer {
  // The commas between items; each item the profile (a comma instead of its brace), the scores,
  // the brace again.
  let size = HEAD.length + TAIL.length + Math.max(0, items.length - 1);
  for (const item of items) size += item.profile.length + item.scores.length + 1;
  const out = Buffer.allocUnsafe(size);
  let at = HEAD.copy(out, 0);
  for (let i = 0; i < items.length; i++) {
    const { profile, scores } = items[i];
    if (i > 0) out[at++] = COMMA;
    out.set(profile, at);
    at += profile.length;
    out[at - 1] = COMMA;
    if (typeof scores === 'string') at += out.write(scores, at, 'latin1');
    else {
      out.set(scores, at);
      at += scores.length;
    }
    out[at++] = CLOSE;
  }
  at += TAIL.copy(out, at);
  // A write past the end of a typed array is dropped: the count says whether one was.
  if (at !== out.length) throw new Error(`discovery page: ${at} bytes written of ${out.length}`);
  return out;
}
