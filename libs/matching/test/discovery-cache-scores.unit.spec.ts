import { CandidateMatrix } from '../src/domain/candidate-matrix';
import { discoverRanked, pageScores } from '../src/domain/discovery-cache';
import { RankingQuery, rowBreakdown } from '../src/domain/discovery-order';
import { scoresJsonMembers } from '../src/domain/scores-json';

/**
 * The scores a kept ranking keeps for its page (`KeptRanking.shown`), in the cases the property
 * test (discovery-cache.property.unit.spec.ts) rarely or never draws: a candidate whose breakdown
 * changes while its score does not, and a page written after another request moved the ranking.
 */
// Three blocks of equal weight, two dimensions each: a candidate agreeing with the caller in one
// block and orthogonal in the others scores the same whichever block that is.
const W = 1 / 3;
const BLOCKS = [
  { end: 2, weight: W },
  { end: 4, weight: W },
  { end: 6, weight: W },
];
const now = Date.parse('2026-12-03T12:00:00Z');
const s = Math.sqrt(W);
const CALLER = new Float32Array([s, 0, s, 0, s, 0]);
/** Agrees with the caller in block `b` alone. */
const agreeingIn = (b: number) =>
  new Float32Array([0, 1, 2].flatMap((i) => (i === b ? [s, 0] : [0, s])));

function setUp() {
  const m = new CandidateMatrix(6, BLOCKS, 4);
  m.upsert('me', CALLER, now, null);
  m.upsert('x', agreeingIn(0), now, null);
  m.upsert('y', agreeingIn(2), now, null);
  const q: RankingQuery = {
    callerId: 'me',
    callerVector: CALLER,
    swiped: new Set(),
    likedBy: new Set(),
    nowMs: now,
    limit: 2,
  };
  return { m, q };
}

const text = (scores: Uint8Array | string) => Buffer.from(scores).toString('latin1');

describe('a kept ranking’s page scores', () => {
  it('are kept for the page’s candidates, and follow a breakdown that changes under the same score', () => {
    const { m, q } = setUp();
    const first = discoverRanked(m, undefined, q);
    const x = first.ranked.find((r) => r.id === 'x')!;
    expect(text(pageScores(m, first.kept, CALLER, x, x.row))).toContain('"traits":1,');
    expect([...first.kept.shown.ids()]).toContain('x');
    m.upsert('x', agreeingIn(1), now, null);
    const again = discoverRanked(m, first.kept, q);
    expect(again.kept).toBe(first.kept);
    const x2 = again.ranked.find((r) => r.id === 'x')!;
    expect(x2.score).toBe(x.score);
    const scores = text(pageScores(m, again.kept, CALLER, x2, x2.row));
    expect(scores).toBe(scoresJsonMembers(x2, rowBreakdown(m, CALLER, x2.row)));
    expect(scores).toContain('"traits":0.5,"interests":1,');
  });

  it('are written but not kept for a candidate another request dropped meanwhile', () => {
    const { m, q } = setUp();
    const { ranked, kept } = discoverRanked(m, undefined, q);
    // The same caller asks again, having swiped on x, before this page is written.
    discoverRanked(m, kept, { ...q, swiped: new Set(['x']) });
    const x = ranked.find((r) => r.id === 'x')!;
    expect(text(pageScores(m, kept, CALLER, x, x.row))).toBe(
      scoresJsonMembers(x, rowBreakdown(m, CALLER, x.row)),
    );
    expect([...kept.shown.ids()]).not.toContain('x');
  });

  it('are written but not kept while the matrix has moved past the ranking', () => {
    const { m, q } = setUp();
    const { ranked, kept } = discoverRanked(m, undefined, q);
    m.upsert('z', agreeingIn(1), now, null);
    const y = ranked.find((r) => r.id === 'y')!;
    expect(text(pageScores(m, kept, CALLER, y, y.row))).toContain('"text":1}');
    expect([...kept.shown.ids()]).toEqual([]);
  });
});
