import fc from 'fast-check';
import { CandidateMatrix } from '../src/domain/candidate-matrix';
import { discoverRanked, KeptRanking, pageScores } from '../src/domain/discovery-cache';
import { rowBreakdown } from '../src/domain/discovery-order';
import { rankTop } from '../src/domain/discovery-ranking';
import { scoresJsonMembers } from '../src/domain/scores-json';

/**
 * A kept ranking, patched over any history of changes, answers exactly what a fresh scan answers
 * at that moment. Small depths make the boundary matter; vectors from few values make ties common;
 * participation times straddle the recency window so time moves candidates across it.
 */
// Three blocks, as the page's breakdown reads them (traits, interests, text).
const BLOCKS = [
  { end: 2, weight: 0.4 },
  { end: 4, weight: 0.35 },
  { end: 5, weight: 0.25 },
];
const DIMS = 5;
const DAY = 86_400_000;
const start = Date.parse('2026-11-21T12:00:00Z');

function vectorOf(raw: number[]): Float32Array {
  const out = new Float32Array(DIMS);
  BLOCKS.forEach(({ end: to, weight }, b) => {
    const from = b === 0 ? 0 : BLOCKS[b - 1].end;
    const norm = Math.hypot(...raw.slice(from, to));
    for (let i = from; i < to; i++) out[i] = norm === 0 ? 0 : (raw[i] / norm) * Math.sqrt(weight);
  });
  return out;
}

const raw = fc.array(fc.integer({ min: -1, max: 2 }), { minLength: DIMS, maxLength: DIMS });
const agent = fc.integer({ min: 0, max: 15 });
const age = fc.constantFrom(0, 3 * DAY, 6.9 * DAY, 7.5 * DAY, 20 * DAY);
const op = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('upsert' as const),
      agent,
      raw,
      age,
      scene: fc.constantFrom(null, 'noir'),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('participate' as const), agent, age }), weight: 3 },
  fc.record({ kind: fc.constant('remove' as const), agent }),
  fc.record({ kind: fc.constant('swipe' as const), agent }),
  fc.record({ kind: fc.constant('like' as const), agent }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.constantFrom(DAY / 2, 2 * DAY, 5 * DAY) }),
  fc.record({ kind: fc.constant('callerProfile' as const), raw }),
  {
    arbitrary: fc.record({
      kind: fc.constant('discover' as const),
      limit: fc.integer({ min: 1, max: 2 }),
      scene: fc.constantFrom(undefined, 'noir'),
    }),
    weight: 4,
  },
);

describe('a kept discovery ranking, patched', () => {
  it('always answers what a fresh scan answers, with the scores written now', () => {
    fc.assert(
      fc.property(
        fc.array(op, { minLength: 20, maxLength: 80 }),
        fc.integer({ min: 1, max: 3 }),
        raw,
        (ops, depth, callerRaw) => {
          const m = new CandidateMatrix(DIMS, BLOCKS, 2);
          let now = start;
          m.upsert('me', vectorOf(callerRaw), now, null);
          let swiped = new Set<string>();
          let likedBy = new Set<string>();
          const kept = new Map<string | undefined, KeptRanking>();
          const state = new Map<string, { vector: Float32Array; scene: string | null }>();
          for (const o of ops) {
            const id = 'agent' in o ? `a${String(o.agent).padStart(2, '0')}` : '';
            if (o.kind === 'upsert') {
              state.set(id, { vector: vectorOf(o.raw), scene: o.scene });
              m.upsert(id, vectorOf(o.raw), now - o.age, o.scene);
            } else if (o.kind === 'participate') {
              const s = state.get(id);
              if (s)
                m.upsert(
                  id,
                  s.vector,
                  Math.max(now - o.age, m.lastParticipationMs[m.rowOf.get(id)!]),
                  s.scene,
                );
            } else if (o.kind === 'remove') {
              state.delete(id);
              m.remove(id);
            } else if (o.kind === 'swipe') {
              swiped = new Set([...swiped, id]);
              likedBy = new Set([...likedBy].filter((x) => x !== id));
            } else if (o.kind === 'like') {
              if (!swiped.has(id)) likedBy = new Set([...likedBy, id]);
            } else if (o.kind === 'wait') {
              now += o.ms;
            } else if (o.kind === 'callerProfile') {
              m.upsert('me', vectorOf(o.raw), now, null);
            } else {
              const q = {
                callerId: 'me',
                callerVector: m.vectorOf('me')!,
                swiped,
                likedBy,
                nowMs: now,
                limit: o.limit,
                sceneId: o.scene,
              };
              const { ranked, kept: next } = discoverRanked(m, kept.get(o.scene), q, depth);
              kept.set(o.scene, next);
              expect(ranked).toEqual(rankTop(m, q).ranked);
              for (const r of ranked) {
                const fresh = scoresJsonMembers(r, rowBreakdown(m, q.callerVector, r.row));
                const scores = pageScores(m, next, q.callerVector, r, r.row);
                expect(Buffer.from(scores).toString('latin1')).toBe(fresh);
                // Written for this ranking as it stands: kept for the next page.
                expect([...next.shown.ids()]).toContain(r.id);
              }
              // Kept no longer than their candidates: the entries stay as few as the ranking's.
              for (const id of next.shown.ids()) expect(next.scores.has(id)).toBe(true);
            }
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
