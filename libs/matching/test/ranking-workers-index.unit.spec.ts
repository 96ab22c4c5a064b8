import { Worker } from 'node:worker_threads';
import { RankingWorkers } from '../src/application/ranking-workers';
import { CandidateMatrix } from '../src/domain/candidate-matrix';
import { rankTop } from '../src/domain/discovery-ranking';
import {
  agentId,
  BLOCKS,
  newCaller,
  NOW,
  population as makePopulation,
} from './support/ranking-population';

/**
 * The pool with the index threshold lowered: new callers get the exact ranking until the first
 * thread has built its HNSW index (built beside the event loop), then the index's answers, which
 * follow the main thread's matrix (a removed agent is never shown).
 */
const N = 3000;
const population = () => makePopulation(N);

const ids = (xs: { id: string }[]) => xs.map((x) => x.id);

describe('ranking workers with the similarity index', () => {
  jest.setTimeout(120_000);
  const workers = new RankingWorkers(2, 1000);
  afterAll(() => workers.close());

  it('ranks exactly until the index is built, then by the index, following removals', async () => {
    const m = population();
    // The first answer comes while the index is still being built: the exact scan's.
    const first = await workers.rank(m, newCaller(m, 0));
    expect(ids(first.ranked)).toEqual(ids(rankTop(m, newCaller(m, 0)).ranked));
    expect(workers.indexed).toBe(false);
    for (let waited = 0; !workers.indexed && waited < 60_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(workers.indexed).toBe(true);
    let hits = 0;
    let asked = 0;
    for (let c = 1; c <= 200; c++) {
      const q = newCaller(m, (c * 131) % N);
      const top = await workers.rank(m, q);
      const truth = new Set(ids(rankTop(m, q).ranked));
      hits += top.ranked.filter((r) => truth.has(r.id)).length;
      asked += truth.size;
    }
    expect(hits / asked).toBeGreaterThanOrEqual(0.98);
    // The index is in use now: a removed agent leaves the index's answers.
    const q = newCaller(m, 7);
    const before = await workers.rank(m, q);
    m.remove(before.ranked[1].id);
    const after = await workers.rank(m, q);
    expect(ids(after.ranked)).not.toContain(before.ranked[1].id);
    expect(after.ranked).toHaveLength(20);
    // Two agents leave and two near twins of the caller take their rows, one after the other: the
    // copy, sent both removals and then both newcomers, gives them each other's rows. The answer
    // still names the main thread's rows.
    const caller = m.vectorOf(q.callerId)!;
    m.remove(after.ranked[2].id);
    m.upsert('twin-1', caller, NOW, null);
    m.remove(after.ranked[3].id);
    m.upsert('twin-2', caller, NOW, null);
    const twins = await workers.rank(m, q);
    expect(ids(twins.ranked)).toEqual(expect.arrayContaining(['twin-1', 'twin-2']));
    for (const r of twins.ranked) expect(m.ids[r.row]).toBe(r.id);
  });

  it('leaves the index thread to its build while the pool has another thread for the exact scans', async () => {
    const pool = new RankingWorkers(2, 1000);
    const post = jest.spyOn(Worker.prototype, 'postMessage');
    try {
      const m = population();
      // Twelve new callers in one turn: all sent before the pool can hear that the index is built.
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, c) => pool.rank(m, newCaller(m, c * 7))),
      );
      for (const [c, a] of answers.entries())
        expect(ids(a.ranked)).toEqual(ids(rankTop(m, newCaller(m, c * 7)).ranked));
      const sent = post.mock.calls.map(([message], i) => ({
        to: post.mock.contexts[i],
        message: message as { kind: string; indexFrom?: number | null },
      }));
      const builder = sent.find(
        (s) => s.message.kind === 'rows' && s.message.indexFrom === 1000,
      )!.to;
      const ranks = sent.filter((s) => s.message.kind === 'rank');
      expect(ranks).toHaveLength(12);
      // The first query starts the index's thread and another one; none is sent to the first.
      expect(ranks.map((s) => s.to === builder)).toEqual(new Array(12).fill(false));
    } finally {
      post.mockRestore();
      await pool.close();
    }
  });
  it('with one thread, answers callers who come while it builds the index, exactly, and builds it', async () => {
    const pool = new RankingWorkers(1, 1000);
    try {
      const m = population();
      const asked = Array.from({ length: 6 }, (_, c) => newCaller(m, c * 11));
      // Sent in one turn: the thread has begun the build when they reach it, and takes them in
      // turns with its slices (build-turns.ts), each a few milliseconds of exact scan.
      const answers = await Promise.all(asked.map((q) => pool.rank(m, q)));
      for (const [c, a] of answers.entries())
        expect(ids(a.ranked)).toEqual(ids(rankTop(m, asked[c]).ranked));
      for (let waited = 0; !pool.indexed && waited < 60_000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(pool.indexed).toBe(true);
    } finally {
      await pool.close();
    }
  });
  it('says where the index stands: waiting, building, ready, and waiting again below the threshold', async () => {
    const pool = new RankingWorkers(2, 1000);
    try {
      expect(pool.indexState(0)).toEqual({ state: 'waiting', threshold: 1000, candidates: null });
      const m = population();
      const seen = new Set<string>();
      await pool.rank(m, newCaller(m, 1));
      // The index's thread says when its build begins and when it is done: what health shows.
      for (let waited = 0; !pool.indexed && waited < 60_000; waited += 5) {
        seen.add(pool.indexState(N).state);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(seen).toContain('building');
      expect(pool.indexState(N)).toEqual({ state: 'ready', threshold: 1000, candidates: N });
      // Fewer candidates than the threshold: the index answers no one.
      expect(pool.indexState(999).state).toBe('waiting');
      // A new matrix below the threshold (a rebuilt read model): the index is dropped, none built.
      const small = new CandidateMatrix(112, BLOCKS);
      for (let i = 0; i < 10; i++) small.upsert(agentId(i), m.vectorOf(agentId(i))!, NOW, null);
      pool.rank(small, newCaller(m, 1)).catch(() => undefined);
      for (let waited = 0; pool.indexed && waited < 60_000; waited += 5)
        await new Promise((resolve) => setTimeout(resolve, 5));
      expect(pool.indexState(10)).toEqual({ state: 'waiting', threshold: 1000, candidates: null });
    } finally {
      await pool.close();
    }
    expect(new RankingWorkers(0, 1000).indexState(N).state).toBe('off');
    expect(new RankingWorkers(2).indexState(N)).toEqual({
      state: 'off',
      threshold: null,
      candidates: null,
    });
  });
});
