export const CONSISTENCY = Symbol('CONSISTENCY');

/** Read your writes (architecture §4): wait until the read models have applied a position. */
export interface Consistency {
  /** true when reached; false after the timeout (the write is committed either way). */
  waitFor(position: number): Promise<boolean>;
}
