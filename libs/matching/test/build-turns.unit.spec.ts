import { BuildTurns } from '../src/application/build-turns';

/**
 * A ranking worker's turns, on a clock that only the work moves: a slice of the build costs
 * `sliceCost`, a query `queryCost`; the index is ready once `slicesToBuild` slices have run, or from
 * the start when a built generation answers while a new one is built beside it.
 */
function worker(slicesToBuild: number, sliceCost: number, queryCost: number, readyAlready = false) {
  let clock = 0;
  let slicesLeft = slicesToBuild;
  const done: string[] = [];
  const spent = { build: 0, queries: 0 };
  const turns = new BuildTurns<string>(10, () => clock, {
    building: () => slicesLeft > 0,
    ready: () => readyAlready || slicesLeft === 0,
    buildSlice: () => {
      slicesLeft--;
      clock += sliceCost;
      spent.build += sliceCost;
      done.push('slice');
    },
    answer: (q) => {
      clock += queryCost;
      spent.queries += queryCost;
      done.push(q);
    },
  });
  const offerAll = (...qs: string[]) => qs.map((q) => turns.offer(q));
  return { turns, offerAll, done, spent, building: () => slicesLeft > 0 };
}

describe('a ranking worker taking turns between its index build and the exact scans', () => {
  it('keeps queries for turns while the first build runs: queries until their time is up, then a slice', () => {
    const w = worker(5, 20, 4);
    expect(w.offerAll('q1', 'q2', 'q3', 'q4', 'q5', 'q6')).toEqual(new Array(6).fill(true));
    expect(w.done).toEqual([]);
    expect(w.turns.turn()).toBe(true);
    expect(w.done).toEqual(['q1', 'q2', 'q3', 'slice']);
    expect(w.turns.turn()).toBe(true);
    expect(w.done.slice(4)).toEqual(['q4', 'q5', 'q6', 'slice']);
  });

  it('answers at least one query a turn, however long it takes', () => {
    const w = worker(5, 20, 50);
    w.offerAll('q1', 'q2');
    w.turns.turn();
    w.turns.turn();
    expect(w.done).toEqual(['q1', 'slice', 'q2', 'slice']);
  });

  it('keeps over half of the thread for the build while exact scans keep coming', () => {
    // Exact scans of 16 ms, 64 always waiting: before turns, every one of them was answered
    // before each slice, and the build had 2 % of the thread.
    const w = worker(50, 20, 16);
    let arrived = 0;
    let turns = 0;
    while (w.building()) {
      while (arrived - (w.done.length - turns) < 64) w.turns.offer(`q${++arrived}`);
      w.turns.turn();
      turns++;
    }
    expect(turns).toBe(50);
    expect(w.spent.build / (w.spent.build + w.spent.queries)).toBeGreaterThanOrEqual(0.5);
  });

  it('answers as they come once an index answers, also while a new generation is built beside it', () => {
    const w = worker(5, 20, 1, true);
    expect(w.offerAll('q1', 'q2')).toEqual([false, false]);
    expect(w.done).toEqual(['q1', 'q2']);
  });

  it('answers what waits in the turn after the build is done, then asks for no more', () => {
    const w = worker(1, 20, 4);
    w.offerAll('q1', 'q2', 'q3', 'q4');
    expect(w.turns.turn()).toBe(true);
    expect(w.done).toEqual(['q1', 'q2', 'q3', 'slice']);
    // A query that comes now waits behind q4, in order.
    expect(w.turns.offer('q5')).toBe(true);
    expect(w.turns.turn()).toBe(false);
    expect(w.done.slice(4)).toEqual(['q4', 'q5']);
    expect(w.turns.offer('q6')).toBe(false);
  });

  it('answers everything waiting at once when the copy is about to be replaced', () => {
    const w = worker(5, 20, 50);
    w.offerAll('q1', 'q2', 'q3');
    w.turns.flush();
    expect(w.done).toEqual(['q1', 'q2', 'q3']);
    expect(w.turns.turn()).toBe(true);
    expect(w.done).toEqual(['q1', 'q2', 'q3', 'slice']);
  });

  it('builds alone when no query waits', () => {
    const w = worker(2, 20, 4);
    expect(w.turns.turn()).toBe(true);
    expect(w.turns.turn()).toBe(false);
    expect(w.done).toEqual(['slice', 'slice']);
  });
});
