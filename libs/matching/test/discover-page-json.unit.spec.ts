import fc from 'fast-check';
import { scoresJson } from '../src/domain/scores-json';
import { discoverPageJson } from '../src/queries/discover/discover-page-json';
import { CandidateScores, candidateScoresArb, scoresReference } from './support/scores-reference';

/** The page as it was assembled from text before it was written as bytes. */
function asText(items: Array<CandidateScores & { profile: string }>): string {
  const item = (i: CandidateScores & { profile: string }) =>
    `${i.profile.slice(0, -1)},${scoresReference(i.ranked, i.breakdown).slice(1)}`;
  return `{"agents":[${items.map(item).join(',')}]}`;
}

const at = (lastParticipationMs: number, score: number) => ({
  scores: scoresJson(
    { id: 'x', row: 0, score, likedYou: false, recentlyActive: true, lastParticipationMs },
    { traits: 0.25, interests: 1, text: 0.5 },
  ),
});

describe('the discover page written as bytes', () => {
  it('is the UTF-8 of the page assembled as text, whatever the profiles and scores hold', () => {
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
            scores: candidateScoresArb,
          }),
          { maxLength: 50 },
        ),
        (items) => {
          const candidates = items.map((i) => ({ profile: i.profile, ...i.scores }));
          const bytes = discoverPageJson(
            candidates.map((c) => ({
              profile: Buffer.from(c.profile),
              scores: scoresJson(c.ranked, c.breakdown),
            })),
          );
          expect(bytes.equals(Buffer.from(asText(candidates)))).toBe(true);
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
      { profile: Buffer.from('{"id":"a","name":"Zoë"}'), ...at(0, 0.5) },
      { profile: Buffer.from('{"id":"b"}'), ...at(Date.parse('2026-12-03T15:00:00Z'), 0.12345) },
    ]);
    const compatibility = { traits: 0.25, interests: 1, text: 0.5 };
    expect(JSON.parse(page.toString())).toEqual({
      agents: [
        {
          id: 'a',
          name: 'Zoë',
          compatibilityScore: 0.5,
          likedYou: false,
          recentlyActive: true,
          lastParticipationAt: null,
          compatibility,
        },
        {
          id: 'b',
          compatibilityScore: 0.1235,
          likedYou: false,
          recentlyActive: true,
          lastParticipationAt: '2026-12-03T15:00:00.000Z',
          compatibility,
        },
      ],
    });
  });
});
