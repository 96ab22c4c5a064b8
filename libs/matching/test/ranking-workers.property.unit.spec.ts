import fc from 'fast-check';
import { RankingWorkers } from '../src/application/ranking-workers';
import { CandidateMatrix } from '../src/domain/candidate-matrix';
import { deepQuery, freshRanking } from '../src/domain/discovery-cache';
import { RECENT_PARTICIPATION_MS } from '../src/domain/discovery-order';
import { rankTop } from '../src/domain/discovery-ranking';

/**
 * A new caller ranked on a worker thread (a copy of the matrix kept up to date by the rows sent to
 * it) gets exactly the ranking of the main thread's matrix, including when the matrix changed while
 * the worker was ranking: the answer names the version it was computed at and is patched up to now.
 * Vectors from few values make ties common (the order then rests on the id).
 */
const BLOCKS = [
  { end: 2, weight: 0.6 },
  { end: 4, weight: 0.4 },
];
const DAY = 86_400_000;
const start = Date.parse('2026-11-23T12:00:00Z');

function vectorOf(raw: number[]): Float32Array {
  const out = new Float32Array(4);
  for (const [from, to, w] of [
    [0, 2, 0.6],
    [2, 4, 0.4],
  ]) {
    const norm = Math.hypot(...raw.slice(from, to));
    for (let i = from; i < to; i++) out[i] = norm === 0 ? 0 : (raw[i] / norm) * Math.sqrt(w);
  }
  return out;
}

const raw = fc.array(fc.integer({ min: -1, max: 2 }), { minLength: 4, maxLength: 4 });
const change = fc.oneof(
  fc.record({
    kind: fc.constant('upsert' as const),
    agent: fc.integer({ min: 0, max: 40 }),
    raw,
    age: fc.constantFrom(0, 3 * DAY, 6.9 * DAY, 7.5 * DAY, 20 * DAY),
    scene: fc.constantFrom(null, 'noir'),
  }),
  fc.record({
    kind: fc.constant('participate' as const),
    agent: fc.integer({ min: 0, max: 40 }),
  }),
  fc.record({ kind: fc.constant('remove' as const), agent: fc.integer({ min: 0, max: 40 }) }),
);
const round = fc.record({
  before: fc.array(change, { maxLength: 30 }),
  /** Changes made while the worker ranks. */
  meanwhile: fc.array(change, { maxLength: 6 }),
  limit: fc.integer({ min: 1, max: 5 }),
  scene: fc.constantFrom(undefined, 'noir'),
  swiped: fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 5 }),
  likedBy: fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 5 }),
  newMatrix: fc.boolean(),
});

type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;

function apply(m: CandidateMatrix, c: Change, now: number): void {
  const id = `a${String(c.agent).padStart(2, '0')}`;
  if (c.kind === 'upsert') m.upsert(id, vectorOf(c.raw), now - c.age, c.scene);
  else if (c.kind === 'participate') m.touch(id, now);
  else m.remove(id);
}

describe('ranking a new caller on a worker thread', () => {
  const workers = new RankingWorkers(2);
  afterAll(() => workers.close());

  it('answers exactly what the main thread ranks, the matrix changed meanwhile or not', async () => {
    let m = new CandidateMatrix(4, BLOCKS, 2);
    let now = start;
    await fc.assert(
      fc.asyncProperty(fc.array(round, { minLength: 1, maxLength: 6 }), raw, async (rounds, me) => {
        for (const r of rounds) {
          if (r.newMatrix) m = new CandidateMatrix(4, BLOCKS, 2);
          now += DAY / 3;
          m.upsert('me', vectorOf(me), now, null);
          for (const c of r.before) apply(m, c, now);
          const swiped = new Set(r.swiped.map((a) => `a${String(a).padStart(2, '0')}`));
          const likedBy = new Set(
            r.likedBy.map((a) => `a${String(a).padStart(2, '0')}`).filter((id) => !swiped.has(id)),
          );
          const q = {
            callerId: 'me',
            callerVector: m.vectorOf('me')!,
            swiped,
            likedBy,
            nowMs: now,
            limit: r.limit,
            sceneId: r.scene,
          };
          const pending = workers.rank(m, deepQuery(q));
          for (const c of r.meanwhile) apply(m, c, now);
          const top = await pending;
          if (r.meanwhile.length === 0) {
            expect(top.version).toBe(m.version);
            expect(top).toEqual({ ...rankTop(m, deepQuery(q)), version: m.version });
          }
          expect(freshRanking(m, q, top, top.version).ranked).toEqual(rankTop(m, q).ranked);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('keeps its copy across the recency window like the main matrix', async () => {
    const m = new CandidateMatrix(4, BLOCKS, 2);
    m.upsert('me', vectorOf([1, 0, 1, 0]), start, null);
    m.upsert('old', vectorOf([1, 0, 1, 0]), start - RECENT_PARTICIPATION_MS - 1, null);
    m.upsert('new', vectorOf([0, 1, 0, 1]), start, null);
    const q = {
      callerId: 'me',
      callerVector: m.vectorOf('me')!,
      swiped: new Set<string>(),
      likedBy: new Set<string>(),
      nowMs: start,
      limit: 2,
    };
    const first = await workers.rank(m, q);
    expect(first.ranked.map((r) => r.id)).toEqual(['new', 'old']);
    m.touch('old', start);
    const second = await workers.rank(m, q);
    expect(second.ranked.map((r) => r.id)).toEqual(['old', 'new']);
    expect(second.version).toBe(m.version);
  });
});
