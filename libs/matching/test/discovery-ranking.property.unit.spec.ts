import fc from 'fast-check';
import { CandidateMatrix } from '../src/domain/candidate-matrix';
import { RECENT_PARTICIPATION_MS } from '../src/domain/discovery-order';
import { rankCandidates } from '../src/domain/discovery-ranking';

/**
 * The ranking prunes and reorders its work; whatever it skips, its answer must be the one a plain
 * sort of every eligible candidate by (likedYou, recentlyActive, score) and then id gives. Vectors
 * are drawn from a few values so that ties (equal keys, decided by id) are common.
 */
const BLOCKS = [
  { end: 2, weight: 0.5 },
  { end: 3, weight: 0.3 },
  { end: 5, weight: 0.2 },
];
const now = Date.parse('2026-11-21T12:00:00Z');

function unitBlocks(raw: number[]): Float32Array {
  const out = new Float32Array(raw.length);
  let start = 0;
  for (const { end, weight } of BLOCKS) {
    const norm = Math.hypot(...raw.slice(start, end));
    for (let i = start; i < end; i++) out[i] = norm === 0 ? 0 : (raw[i] / norm) * Math.sqrt(weight);
    start = end;
  }
  return out;
}

const candidateArb = fc.record({
  raw: fc.array(fc.integer({ min: -2, max: 2 }), { minLength: 5, maxLength: 5 }),
  recent: fc.boolean(),
  scene: fc.constantFrom(null, 'noir', 'cafe'),
  liked: fc.boolean(),
  swiped: fc.boolean(),
  removed: fc.boolean(),
});

function reference(
  rows: Array<{
    id: string;
    vector: Float32Array;
    recent: boolean;
    scene: string | null;
    liked: boolean;
    swiped: boolean;
    removed: boolean;
  }>,
  caller: Float32Array,
  limit: number,
  sceneId?: string,
) {
  return rows
    .filter(
      (r) =>
        r.id !== 'me' && !r.removed && !r.swiped && (sceneId === undefined || r.scene === sceneId),
    )
    .map((r) => {
      let dot = 0;
      for (let i = 0; i < caller.length; i++) dot += caller[i] * r.vector[i];
      const score = Math.min(1, Math.max(0, (dot + 1) / 2));
      return { id: r.id, key: (r.liked ? 4 : 0) + (r.recent ? 2 : 0) + score };
    })
    .sort((a, b) => b.key - a.key || (a.id < b.id ? -1 : 1))
    .slice(0, limit)
    .map((r) => r.id);
}

describe('discovery ranking, against a full sort', () => {
  it('returns exactly the top `limit` of a full sort, ties by id', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(candidateArb, { maxLength: 80 }),
          fc.array(candidateArb, { minLength: 257, maxLength: 600 }),
        ),
        fc.array(fc.integer({ min: -2, max: 2 }), { minLength: 5, maxLength: 5 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom(undefined, 'noir'),
        (drawn, callerRaw, limit, sceneId) => {
          const rows = drawn.map((c, i) => ({
            ...c,
            id: `c${(i * 37) % 101}-${i}`,
            vector: unitBlocks(c.raw),
          }));
          const caller = unitBlocks(callerRaw);
          const m = new CandidateMatrix(5, BLOCKS, 2);
          m.upsert('me', caller, now, null);
          for (const r of rows)
            m.upsert(
              r.id,
              r.vector,
              r.recent ? now - 1000 : now - 2 * RECENT_PARTICIPATION_MS,
              r.scene,
            );
          for (const r of rows) if (r.removed) m.remove(r.id);
          const ranked = rankCandidates(m, {
            callerId: 'me',
            callerVector: caller,
            swiped: new Set(rows.filter((r) => r.swiped).map((r) => r.id)),
            likedBy: new Set(rows.filter((r) => r.liked).map((r) => r.id)),
            nowMs: now,
            limit,
            sceneId,
          });
          expect(ranked.map((r) => r.id)).toEqual(reference(rows, caller, limit, sceneId));
        },
      ),
      { numRuns: 600 },
    );
  });
});
