import { randomUUID } from 'node:crypto';
import type { NewEvent, ProjectedEvent } from '@companion/event-store';
import type { Doc, Projection, ProjectionContext } from '../../src';

// The projections the engine's tests run: a tally per counter, and a label per event.

interface Counted {
  label: string;
  /** The tally it counts in: a projection is not told the stream (ProjectedEvent). */
  counter: string;
}

/** A `Counted` event for `counter`'s tally; the tests append it to a stream of the same name. */
export const counted = (
  counter: string,
  label = 'x',
  occurredAt = '2026-11-21T12:00:00.000Z',
): NewEvent<'Counted', Counted> => ({
  id: randomUUID(),
  type: 'Counted',
  data: { label, counter },
  metadata: { occurredAt },
});

export interface Tally extends Doc {
  count: number;
  last: string;
}

export function tallies(version = 1, fail?: (e: ProjectedEvent) => boolean): Projection {
  return {
    name: 'tallies',
    version,
    collections: [{ name: 'tallies', indexes: [{ name: 'by_count', fields: [['count', -1]] }] }],
    eventTypes: ['Counted'],
    async apply(event: ProjectedEvent, ctx: ProjectionContext) {
      if (fail?.(event)) throw new Error('boom');
      const { counter, label } = event.data as Counted;
      await ctx.update<Tally>('tallies', counter, (t) => ({
        _id: counter,
        count: (t?.count ?? 0) + (version === 1 ? 1 : 10),
        last: label,
      }));
    },
  };
}

export const other: Projection = {
  name: 'labels',
  version: 1,
  collections: [{ name: 'labels' }],
  eventTypes: ['Counted'],
  async apply(event, ctx) {
    const { label, counter } = event.data as Counted;
    ctx.put('labels', { _id: label, stream: counter });
  },
};

export async function until(condition: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await new Promise((r) => setTimeout(r, 20));
  }
}
