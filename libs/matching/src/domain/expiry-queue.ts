/**
 * Rows by the time they expire, soonest first (a binary min-heap on two typed arrays): the similarity
 * index asks it which recently active agents have left the recent-participation window since it last
 * looked, without a pass over every row. Entries are never updated in place; a row whose time moved
 * is pushed again and the stale entry is recognised by its reader when it comes out.
 */
export class ExpiryQueue {
  private times = new Float64Array(1024);
  private rows = new Int32Array(1024);
  private count = 0;

  get size(): number {
    return this.count;
  }

  push(time: number, row: number): void {
    if (this.count === this.times.length) this.grow();
    let i = this.count++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.times[parent] <= time) break;
      this.times[i] = this.times[parent];
      this.rows[i] = this.rows[parent];
      i = parent;
    }
    this.times[i] = time;
    this.rows[i] = row;
  }

  /** The row of the soonest entry if it expires at or before `time`, taken out; else -1. */
  popDue(time: number): number {
    if (this.count === 0 || this.times[0] > time) return -1;
    const row = this.rows[0];
    const lastTime = this.times[--this.count];
    const lastRow = this.rows[this.count];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= this.count) break;
      if (child + 1 < this.count && this.times[child + 1] < this.times[child]) child++;
      if (this.times[child] >= lastTime) break;
      this.times[i] = this.times[child];
      this.rows[i] = this.rows[child];
      i = child;
    }
    this.times[i] = lastTime;
    this.rows[i] = lastRow;
    return row;
  }

  private grow(): void {
    const times = new Float64Array(this.times.length * 2);
    times.set(this.times);
    this.times = times;
    const rows = new Int32Array(this.rows.length * 2);
    rows.set(this.rows);
    this.rows = rows;
  }
}
