import { CandidateMatrix } from '../src/domain/candidate-matrix';
import { LocalEmbedder, toVector } from '../src/domain/compatibility';
import { RECENT_PARTICIPATION_MS } from '../src/domain/discovery-order';
import { rankCandidates } from '../src/domain/discovery-ranking';

/** The plain definition the ranking must agree with: cosine of two √weight-scaled unit-block vectors, mapped to 0..1. */
function compatibilityScore(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i] * b[i];
  return (dot + 1) / 2;
}

interface RankableCandidate {
  id: string;
  sceneId: string | null;
  lastParticipationMs: number;
  vector: Float32Array;
}

/** A matrix of the candidates; 2-dimensional unit vectors are one block of weight 1. */
function matrixOf(
  candidates: RankableCandidate[],
  blocks = [{ end: candidates[0]?.vector.length ?? 2, weight: 1 }],
): CandidateMatrix {
  const m = new CandidateMatrix(candidates[0]?.vector.length ?? 2, blocks, 4);
  for (const c of candidates) m.upsert(c.id, c.vector, c.lastParticipationMs, c.sceneId);
  return m;
}

const now = Date.parse('2026-11-21T12:00:00Z');
const unit = (...v: number[]) => {
  const n = Math.hypot(...v);
  return Float32Array.from(v.map((x) => x / n));
};
const me = unit(1, 0);
const candidate = (
  id: string,
  vector: Float32Array,
  lastParticipationMs = now - 2 * RECENT_PARTICIPATION_MS,
  sceneId: string | null = null,
): RankableCandidate => ({
  id,
  vector,
  lastParticipationMs,
  sceneId,
});
const query = (over: Partial<Parameters<typeof rankCandidates>[1]> = {}) => ({
  callerId: 'me',
  callerVector: me,
  swiped: new Set<string>(),
  likedBy: new Set<string>(),
  nowMs: now,
  limit: 10,
  ...over,
});
const ids = (r: Array<{ id: string }>) => r.map((x) => x.id);

describe('discovery ranking', () => {
  it('orders by compatibility when nobody liked and nobody is recent', () => {
    const r = rankCandidates(
      matrixOf([
        candidate('far', unit(-1, 0)),
        candidate('near', unit(1, 0.1)),
        candidate('mid', unit(0, 1)),
      ]),
      query(),
    );
    expect(ids(r)).toEqual(['near', 'mid', 'far']);
    expect(r[0].score).toBeGreaterThan(0.99);
    expect(r[2].score).toBeLessThan(0.01);
    expect(r[1].score).toBeCloseTo(0.5);
  });

  it('puts recently active agents before more compatible inactive ones', () => {
    const r = rankCandidates(
      matrixOf([
        candidate('inactive-near', unit(1, 0)),
        candidate('active-far', unit(-1, 0.2), now - 1000),
      ]),
      query(),
    );
    expect(ids(r)).toEqual(['active-far', 'inactive-near']);
    expect(r[0].recentlyActive).toBe(true);
    expect(r[1].recentlyActive).toBe(false);
  });

  it('puts agents who liked the caller first of all, recent or not', () => {
    const r = rankCandidates(
      matrixOf([
        candidate('active-near', unit(1, 0), now),
        candidate('liker-far', unit(-1, 0)),
        candidate('liker-near', unit(1, 0.3)),
      ]),
      query({ likedBy: new Set(['liker-far', 'liker-near']) }),
    );
    expect(ids(r)).toEqual(['liker-near', 'liker-far', 'active-near']);
    expect(r.map((x) => x.likedYou)).toEqual([true, true, false]);
  });

  it('never shows the caller or anyone already swiped, and filters by scene and guest list', () => {
    const all = [
      candidate('me', me),
      candidate('a', unit(1, 0), 0, 'noir'),
      candidate('b', unit(1, 0), 0, 'noir'),
      candidate('c', unit(1, 0), 0, 'cafe'),
    ];
    expect(ids(rankCandidates(matrixOf(all), query({ swiped: new Set(['a']) })))).toEqual([
      'b',
      'c',
    ]);
    expect(ids(rankCandidates(matrixOf(all), query({ sceneId: 'noir' })))).toEqual(['a', 'b']);
    expect(ids(rankCandidates(matrixOf(all), query({ only: new Set(['c', 'me']) })))).toEqual([
      'c',
    ]);
  });

  it('keeps only the top `limit`, the same as a full sort would', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    const many = Array.from({ length: 500 }, (_, i) =>
      candidate(`c${i}`, unit(rnd(), rnd()), i % 3 === 0 ? now : 0),
    );
    const likedBy = new Set(['c10', 'c20']);
    const top = rankCandidates(matrixOf(many), query({ limit: 7, likedBy }));
    const full = rankCandidates(matrixOf(many), query({ limit: 500, likedBy }));
    expect(ids(top)).toEqual(ids(full).slice(0, 7));
    expect(ids(top).slice(0, 2).sort()).toEqual(['c10', 'c20']);
  });

  it('prunes by block bounds without changing the result, on real embeddings', async () => {
    const embedder = new LocalEmbedder();
    let seed = 11;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const words = [
      'tea',
      'maps',
      'jazz',
      'chess',
      'opera',
      'birds',
      'robots',
      'sailing',
      'poetry',
      'hiking',
    ];
    const cands: RankableCandidate[] = [];
    for (let i = 0; i < 400; i++) {
      const e = await embedder.embed({
        personalityTraits: {
          openness: rnd(),
          conscientiousness: rnd(),
          extraversion: rnd(),
          agreeableness: rnd(),
          neuroticism: rnd(),
        },
        interests: [words[i % 10], words[(i * 7) % 10]],
        bio: `${words[(i * 3) % 10]} and ${words[(i * 5) % 10]} every ${words[(i * 9) % 10]}`,
      });
      cands.push({
        id: `c${String(i).padStart(3, '0')}`,
        vector: toVector(e),
        lastParticipationMs: i % 4 === 0 ? now : 0,
        sceneId: null,
      });
    }
    const blocks = [
      { end: 16, weight: 0.4 },
      { end: 48, weight: 0.35 },
      { end: 112, weight: 0.25 },
    ];
    const m = matrixOf(cands, blocks);
    const q = query({
      callerVector: cands[0].vector,
      callerId: cands[0].id,
      limit: 10,
      likedBy: new Set(['c007']),
    });
    const pruned = rankCandidates(m, q);
    const full = rankCandidates(m, { ...q, limit: 1000 });
    expect(ids(pruned)).toEqual(ids(full).slice(0, 10));
    expect(pruned[0].id).toBe('c007');
    for (const r of full)
      expect(r.score).toBeCloseTo(
        compatibilityScore(cands[0].vector, cands.find((c) => c.id === r.id)!.vector),
        5,
      );
  });

  it('skips removed rows and reuses them', () => {
    const m = matrixOf([candidate('a', unit(1, 0)), candidate('b', unit(1, 0))]);
    m.remove('a');
    expect(ids(rankCandidates(m, query()))).toEqual(['b']);
    m.upsert('c', unit(0, 1), 0, null);
    expect(m.rows).toBe(2);
    expect(ids(rankCandidates(m, query())).sort()).toEqual(['b', 'c']);
  });

  it('maps cosine to 0..1', () => {
    expect(compatibilityScore(me, me)).toBeCloseTo(1);
    expect(compatibilityScore(me, unit(-1, 0))).toBeCloseTo(0);
  });
});
