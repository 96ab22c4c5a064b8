import type { RecordedEvent } from '@companion/event-store';
import type { Doc, Projection, ProjectionContext } from '../../src';

// The projections the engine's tests run: a tally per stream, and a label per event.

export interface Tally extends Doc {
  count: number;
  last: string;
}

export function tallies(version = 1, fail?: (e: RecordedEvent) => boolean): Projection {
  return {
    name: 'tallies',
    version,
    collections: [{ name: 'tallies', indexes: [{ name: 'by_count', fields: [['count', -1]] }] }],
    eventTypes: ['Counted'],
    async apply(event: RecordedEvent, ctx: ProjectionContext) {
      if (fail?.(event)) throw new Error('boom');
      await ctx.update<Tally>('tallies', event.streamName, (t) => ({
        _id: event.streamName,
        count: (t?.count ?? 0) + (version === 1 ? 1 : 10),
        last: (event.data as { label: string }).label,
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
    const label = (event.data as { label: string }).label;
    ctx.put('labels', { _id: label, stream: event.streamName });
  },
};

export async function until(condition: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await new Promise((r) => setTimeout(r, 20));
  }
}
