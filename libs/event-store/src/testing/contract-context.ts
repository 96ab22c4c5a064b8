import type { EventStore, NewEvent } from '../event-store.port';

/** What every part of the EventStore contract works with; `store` and `prefix` are set per run and test. */
export interface ContractContext {
  readonly store: EventStore;
  /** A fresh stream-name prefix for each test, so the suite can share a store that holds other data. */
  readonly prefix: string;
  stream(name: string): string;
  event(type?: string, data?: unknown): NewEvent;
}
