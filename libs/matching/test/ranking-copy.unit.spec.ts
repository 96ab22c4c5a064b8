import { FromWorker, RankingCopy, ToWorker } from '../src/application/ranking-copy';
import { CandidateMatrix } from '../src/domain/candidate-matrix';
import { RankingQuery } from '../src/domain/discovery-order';
import { rankTop } from '../src/domain/discovery-ranking';
import { agentId, NOW, newCaller, population } from './support/ranking-population';

/**
 * What a ranking worker's thread does with each message (discovery-worker.ts only wires a
 * `RankingCopy` to its port), run here on the test's thread: the test holds the copy's deferred
 * turns and its clock. Each exact answer takes 4 ms of that clock, so a turn of 10 ms of queries
 * answers three.
 */
const N = 1500;
const ANSWER_MS = 4;

function host() {
  let clock = 0;
  const posted: FromWorker[] = [];
  const deferred: (() => void)[] = [];
  const copy = new RankingCopy({
    post: (message) => {
      if (message.kind === 'ranked') clock += ANSWER_MS;
      posted.push(message);
    },
    now: () => clock,
    defer: (work) => deferred.push(work),
  });
  return {
    copy,
    posted,
    answers: () => posted.filter((p) => p.kind === 'ranked'),
    announced: () => posted.filter((p) => p.kind === 'indexed'),
    /** Runs the deferred turns one at a time; returns how many ran. */
    runTurns(max = Infinity): number {
      let ran = 0;
      for (; ran < max && deferred.length > 0; ran++) deferred.shift()!();
      return ran;
    },
  };
}

const rows = (
  m: CandidateMatrix,
  indexFrom: number | null,
  since: number | null = null,
): ToWorker => {
  const r = m.rowsSince(since);
  return {
    kind: 'rows',
    dims: m.dims,
    blocks: [...m.blocks],
    whole: r.whole,
    rows: r,
    nowMs: NOW,
    indexFrom,
  };
};

const rank = (id: number, q: RankingQuery): ToWorker => ({
  kind: 'rank',
  id,
  query: { ...q, swiped: [...q.swiped], likedBy: [...q.likedBy] },
});

const ids = (xs: { id: string }[]) => xs.map((x) => x.id);

describe('a ranking worker copy', () => {
  const m = population(N);
  const callers = Array.from({ length: 7 }, (_, c) => newCaller(m, c * 13));

  it('holds the queries that come while its index is first built for turns, then answers as they come', () => {
    const h = host();
    h.copy.receive(rows(m, 1000));
    expect(h.announced()).toEqual([expect.objectContaining({ ready: false, building: true })]);
    callers.forEach((q, i) => h.copy.receive(rank(i, q)));
    // Not one answered on arrival: a flood of them would hold the build back for good.
    expect(h.answers()).toHaveLength(0);
    h.runTurns(1);
    // One turn: queries for 10 ms of the clock (three of 4 ms), then a slice of the build.
    expect(h.answers().map((a) => a.kind === 'ranked' && a.id)).toEqual([0, 1, 2]);
    while (h.runTurns() > 0);
    const answers = h.answers();
    expect(answers).toHaveLength(callers.length);
    for (const a of answers)
      if (a.kind === 'ranked') expect(ids(a.ranked)).toEqual(ids(rankTop(m, callers[a.id]).ranked));
    expect(h.announced().at(-1)).toEqual(
      expect.objectContaining({ ready: true, building: false, candidates: N }),
    );
    // Built: a query is answered on arrival, with no turn to wait for.
    h.copy.receive(rank(99, callers[0]));
    expect(h.answers()).toHaveLength(callers.length + 1);
  });

  it('answers the queries waiting on the copy they were asked of before a new matrix replaces it', () => {
    const h = host();
    h.copy.receive(rows(m, 1000));
    h.copy.receive(rank(1, callers[1]));
    h.copy.receive(rank(2, callers[2]));
    const small = new CandidateMatrix(m.dims, [...m.blocks]);
    for (let i = 0; i < 10; i++) small.upsert(agentId(i), m.vectorOf(agentId(i))!, NOW, null);
    h.copy.receive(rows(small, 1000));
    const kinds = h.posted.map((p) =>
      p.kind === 'ranked' ? `ranked ${p.id}` : `indexed ${p.building}`,
    );
    expect(kinds).toEqual(['indexed true', 'ranked 1', 'ranked 2', 'indexed false']);
    for (const a of h.answers())
      if (a.kind === 'ranked') {
        expect(a.version).toBe(m.version);
        expect(ids(a.ranked)).toEqual(ids(rankTop(m, callers[a.id]).ranked));
      }
    // Below the threshold: the turn already due finds nothing to build or answer, and a query is
    // answered on arrival, from the new copy.
    h.runTurns();
    expect(h.answers()).toHaveLength(2);
    expect(h.runTurns()).toBe(0);
    h.copy.receive(rank(3, newCaller(small, 0)));
    expect(h.answers()).toHaveLength(3);
  });

  it('without an index, answers on arrival and names the main thread’s rows, whatever rows the copy used', () => {
    const main = population(200);
    const copyOf = population(200);
    for (let i = 0; i < 200; i += 3) main.remove(agentId(i));
    // The main matrix reuses freed rows for newcomers; the copy, sent removals and newcomers
    // together, fills them in another order.
    const h = host();
    h.copy.receive(rows(main, null));
    const since = main.version;
    main.upsert('newcomer-1', copyOf.vectorOf(agentId(0))!, NOW, null);
    main.upsert('newcomer-2', copyOf.vectorOf(agentId(3))!, NOW, null);
    main.remove(agentId(1));
    h.copy.receive(rows(main, null, since));
    const q = newCaller(main, 2);
    h.copy.receive(rank(5, q));
    expect(h.runTurns()).toBe(0);
    const [answer] = h.answers();
    if (answer.kind !== 'ranked') throw new Error('no answer');
    expect(ids(answer.ranked)).toEqual(ids(rankTop(main, q).ranked));
    for (const r of answer.ranked) expect(main.ids[r.row]).toBe(r.id);
    expect(h.announced()).toEqual([]);
  });
});
