import fc from 'fast-check';
import { discoverPageJson } from '../src/queries/discover/discover-page-json';

/** The page as it was assembled from text before it was written as bytes. */
function asText(items: Array<{ profile: string; scores: string }>): string {
  return `{"agents":[${items.map((i) => `${i.profile.slice(0, -1)},${i.scores}}`).join(',')}]}`;
}

/** Members as `scoresJsonMembers` writes them: ASCII, without braces. */
const asciiMembers = fc
  .array(fc.tuple(fc.stringMatching(/^[a-z]{1,8}$/), fc.double({ noNaN: true })), {
    minLength: 1,
    maxLength: 4,
  })
  .map((pairs) => pairs.map(([k, v]) => `"${k}":${JSON.stringify(v)}`).join(','));

/** `bytes` as a view at an offset of a larger buffer. */
function inside(bytes: Uint8Array): Uint8Array {
  const buffer = new Uint8Array(bytes.length + 16).fill(0x23);
  buffer.set(bytes, 7);
  return buffer.subarray(7, 7 + bytes.length);
}

describe('the discover page written as bytes', () => {
  it('is the UTF-8 of the page assembled as text, whatever the profiles hold', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            // Any code point a profile may hold, and lone surrogates (JSON.stringify escapes them).
            profile: fc
              .record({
                id: fc.uuid(),
                name: fc.string({ unit: 'binary' }),
                bio: fc
                  .array(
                    fc.oneof(
                      fc.string({ unit: 'binary', maxLength: 4 }),
                      fc.constantFrom('\uD800', '\uDFFF', '\uD83D'),
                    ),
                  )
                  .map((parts) => parts.join('')),
              })
              .map((p) => JSON.stringify(p)),
            scores: asciiMembers,
            // As text, or as the bytes a kept ranking holds (shown-scores.ts).
            asBytes: fc.boolean(),
          }),
          { maxLength: 50 },
        ),
        (items) => {
          const bytes = discoverPageJson(
            items.map((i) => ({
              profile: Buffer.from(i.profile),
              // Bytes as a kept ranking hands them out: a view inside a larger buffer.
              scores: i.asBytes ? inside(Buffer.from(i.scores, 'latin1')) : i.scores,
            })),
          );
          expect(bytes.equals(Buffer.from(asText(items)))).toBe(true);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('is an empty list when no candidate is left', () => {
    expect(discoverPageJson([]).toString()).toBe('{"agents":[]}');
  });

  it('puts each candidate’s scores inside its profile object', () => {
    const page = discoverPageJson([
      { profile: Buffer.from('{"id":"a","name":"Zoë"}'), scores: '"compatibilityScore":0.5' },
      { profile: Buffer.from('{"id":"b"}'), scores: '"likedYou":true' },
    ]);
    expect(JSON.parse(page.toString())).toEqual({
      agents: [
        { id: 'a', name: 'Zoë', compatibilityScore: 0.5 },
        { id: 'b', likedYou: true },
      ],
    });
  });
});
