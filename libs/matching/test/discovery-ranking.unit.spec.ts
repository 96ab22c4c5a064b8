import { compatibilityScore, rankCandidates, RankableCandidate, RECENT_PARTICIPATION_MS } from '../src/domain/discovery-ranking';

const now = Date.parse('2026-11-21T12:00:00Z');
const unit = (...v: number[]) => {
  const n = Math.hypot(...v);
  return Float32Array.from(v.map((x) => x / n));
};
const me = unit(1, 0);
const candidate = (id: string, vector: Float32Array, lastParticipationMs = now - 2 * RECENT_PARTICIPATION_MS, sceneId: string | null = null): RankableCandidate => ({
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
const ids = (r: Array<{ candidate: { id: string } }>) => r.map((x) => x.candidate.id);

describe('discovery ranking', () => {
  it('orders by compatibility when nobody liked and nobody is recent', () => {
    const r = rankCandidates([candidate('far', unit(-1, 0)), candidate('near', unit(1, 0.1)), candidate('mid', unit(0, 1))], query());
    expect(ids(r)).toEqual(['near', 'mid', 'far']);
    expect(r[0].score).toBeGreaterThan(0.99);
    expect(r[2].score).toBeLessThan(0.01);
    expect(r[1].score).toBeCloseTo(0.5);
  });

  it('puts recently active agents before more compatible inactive ones', () => {
    const r = rankCandidates([candidate('inactive-near', unit(1, 0)), candidate('active-far', unit(-1, 0.2), now - 1000)], query());
    expect(ids(r)).toEqual(['active-far', 'inactive-near']);
    expect(r[0].recentlyActive).toBe(true);
    expect(r[1].recentlyActive).toBe(false);
  });

  it('puts agents who liked the caller first of all, recent or not', () => {
    const r = rankCandidates(
      [candidate('active-near', unit(1, 0), now), candidate('liker-far', unit(-1, 0)), candidate('liker-near', unit(1, 0.3))],
      query({ likedBy: new Set(['liker-far', 'liker-near']) }),
    );
    expect(ids(r)).toEqual(['liker-near', 'liker-far', 'active-near']);
    expect(r.map((x) => x.likedYou)).toEqual([true, true, false]);
  });

  it('never shows the caller or anyone already swiped, and filters by scene and guest list', () => {
    const all = [candidate('me', me), candidate('a', unit(1, 0), 0, 'noir'), candidate('b', unit(1, 0), 0, 'noir'), candidate('c', unit(1, 0), 0, 'cafe')];
    expect(ids(rankCandidates(all, query({ swiped: new Set(['a']) })))).toEqual(['b', 'c']);
    expect(ids(rankCandidates(all, query({ sceneId: 'noir' })))).toEqual(['a', 'b']);
    expect(ids(rankCandidates(all, query({ only: new Set(['c', 'me']) })))).toEqual(['c']);
  });

  it('keeps only the top `limit`, the same as a full sort would', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    const many = Array.from({ length: 500 }, (_, i) => candidate(`c${i}`, unit(rnd(), rnd()), i % 3 === 0 ? now : 0));
    const likedBy = new Set(['c10', 'c20']);
    const top = rankCandidates(many, query({ limit: 7, likedBy }));
    const full = rankCandidates(many, query({ limit: 500, likedBy }));
    expect(ids(top)).toEqual(ids(full).slice(0, 7));
    expect(ids(top).slice(0, 2).sort()).toEqual(['c10', 'c20']);
  });

  it('maps cosine to 0..1', () => {
    expect(compatibilityScore(me, me)).toBeCloseTo(1);
    expect(compatibilityScore(me, unit(-1, 0))).toBeCloseTo(0);
  });
});
