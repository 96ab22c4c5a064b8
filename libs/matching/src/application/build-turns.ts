/** What a ranking worker does for its turns (ranking-copy.ts). */
export interface TurnWork<Q> {
  /** Whether the similarity index has a generation being built. */
  building(): boolean;
  /** Whether a built generation answers queries (a rebuild may go on beside it). */
  ready(): boolean;
  /** Runs one slice of the build. */
  buildSlice(): void;
  answer(query: Q): void;
}

/**
 * How a ranking worker shares its thread between the first build of its similarity index and the
 * new callers' queries, which the exact scan answers until that build is done: in turns of the
 * queries waiting, for `queriesMs` and at least one, then a slice of the build.
 *
 * Why: the thread used to answer every query waiting before each slice. New callers arriving as
 * fast as the exact scan answers them (about 16 ms each at 100 000 candidates, 64 callers at a
 * time) left the build a few percent of the thread, and it was not done after minutes of such
 * load (docs/discovery-index.md, "The first discover after a start"). In turns the build keeps its
 * share whatever the load: with the worker's 20 ms slices and 10 ms of queries, over half of the
 * thread while exact scans of 16 ms queue (the last query of a turn runs past the 10 ms). Once an
 * index answers, queries are answered as they come, also while a new generation is built beside it.
 */
export class BuildTurns<Q> {
  private readonly waiting: Q[] = [];

  constructor(
    private readonly queriesMs: number,
    private readonly now: () => number,
    private readonly work: TurnWork<Q>,
  ) {}

  /** A query arrived: answered now, or kept for a turn (true: a turn is due). */
  offer(query: Q): boolean {
    const exactWhileBuilding = this.work.building() && !this.work.ready();
    if (!exactWhileBuilding && this.waiting.length === 0) {
      this.work.answer(query);
      return false;
    }
    this.waiting.push(query);
    return true;
  }

  /** Answers every query waiting, now: the copy of the matrix they were asked of is replaced next. */
  flush(): void {
    for (let q = this.waiting.shift(); q !== undefined; q = this.waiting.shift())
      this.work.answer(q);
  }

  /** One turn; true when another is due (the build goes on, or queries still wait). */
  turn(): boolean {
    const until = this.now() + this.queriesMs;
    for (let q = this.waiting.shift(); q !== undefined; q = this.waiting.shift()) {
      this.work.answer(q);
      if (this.now() >= until) break;
    }
    if (this.work.building()) this.work.buildSlice();
    return this.work.building() || this.waiting.length > 0;
  }
}
