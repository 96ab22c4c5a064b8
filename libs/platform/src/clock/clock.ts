export const CLOCK = Symbol('CLOCK');

/** The one source of time for every rule (architecture §5), so tests can set it. */
export interface Clock {
  now(): Date;
}

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock the tests move by hand. */
export class ManualClock implements Clock {
  constructor(private current: Date = new Date('2026-11-21T12:00:00.000Z')) {}
  now(): Date {
    return new Date(this.current.getTime());
  }
  set(at: Date | string): void {
    this.current = new Date(at);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
