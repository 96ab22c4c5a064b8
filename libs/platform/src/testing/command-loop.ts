import type { EventStore } from '@companion/event-store';
import { ManualClock } from '../clock/clock';
import { EventSourcedCommands } from '../event-sourcing/event-sourced-commands';

/**
 * The command loop over a store, as tests of it need it: a manual clock, no read models to wait
 * for, shared state frozen (so a decider that mutates it fails the test).
 */
export function commandLoopOver(
  store: EventStore,
  clock = new ManualClock(new Date('2026-11-21T12:00:00Z')),
): EventSourcedCommands {
  return new EventSourcedCommands(
    store,
    clock,
    { waitFor: async () => true },
    { freezeShared: true },
  );
}
