import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { SqliteEventStore } from '@companion/event-store';
import {
  CHECKPOINTS,
  Doc,
  physicalName,
  Projection,
  ProjectionEngine,
  ReadModels,
  ReadStore,
} from '../../src';

/**
 * The crash-replay property: whatever stops a process between two writes of a projection batch,
 * a restarted engine ends with the read models a clean rebuild makes, document for document.
 */

interface Agent extends Doc {
  guestOf: string[];
}

/**
 * The example as a projection: an RSVP makes a guest document that only the agent's
 * document remembers; the agent's deletion deletes both. A store that applied the agent's deletion
 * but not the guest's, under a checkpoint from before, leaves the guest "attending" for good.
 */
export const guests: Projection = {
  name: 'guests',
  version: 1,
  collections: [{ name: 'agents' }, { name: 'guests' }],
  eventTypes: ['AgentRegistered', 'Rsvped', 'RsvpCancelled', 'AgentDeleted'],
  async apply(event, ctx) {
    const { agent, meetup } = event.data as { agent: string; meetup?: string };
    switch (event.type) {
      case 'AgentRegistered':
        return ctx.update<Agent>('agents', agent, (a) => a ?? { _id: agent, guestOf: [] });
      case 'Rsvped': {
        const a = await ctx.get<Agent>('agents', agent);
        if (!a || a.guestOf.includes(meetup!)) return;
        await ctx.update<Agent>('agents', agent, (cur) => ({
          _id: agent,
          guestOf: [...cur!.guestOf, meetup!],
        }));
        ctx.put('guests', { _id: `${meetup}:${agent}`, status: 'attending' });
        return;
      }
      case 'RsvpCancelled':
        await ctx.update<Agent>('agents', agent, (cur) =>
          cur ? { _id: agent, guestOf: cur.guestOf.filter((m) => m !== meetup) } : undefined,
        );
        return ctx.update('guests', `${meetup}:${agent}`, () => null);
      case 'AgentDeleted': {
        const a = await ctx.get<Agent>('agents', agent);
        if (!a) return;
        await ctx.update('agents', agent, () => null);
        for (const m of a.guestOf) await ctx.update('guests', `${m}:${agent}`, () => null);
      }
    }
  },
};

/** A second projection, so that a batch carries several checkpoints. */
export const tally: Projection = {
  name: 'tally',
  version: 1,
  collections: [{ name: 'tally' }],
  eventTypes: ['Rsvped', 'AgentDeleted'],
  async apply(event, ctx) {
    await ctx.update<Doc & { n: number }>('tally', event.type, (t) => ({
      _id: event.type,
      n: (t?.n ?? 0) + 1,
    }));
  },
};

export const projections = [guests, tally];

export interface HistoryEvent {
  type: string;
  agent: string;
  meetup: string;
}

export const history: fc.Arbitrary<HistoryEvent[]> = fc.array(
  fc.record({
    type: fc.constantFrom('AgentRegistered', 'Rsvped', 'Rsvped', 'RsvpCancelled', 'AgentDeleted'),
    agent: fc.constantFrom('a', 'b', 'c'),
    meetup: fc.constantFrom('m1', 'm2'),
  }),
  { minLength: 1, maxLength: 30 },
);

/** Every document of every projection collection and the checkpoints' positions, by id. */
export async function snapshot(store: ReadStore): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const p of projections)
    for (const c of p.collections)
      out[c.name] = await store.find(physicalName(c.name, 1), {}, { sort: [['_id', 1]] });
  out.checkpoints = (await store.find(CHECKPOINTS, {}, { sort: [['_id', 1]] })).map((c) => [
    c._id,
    c.position,
  ]);
  return out;
}

function engine(events: SqliteEventStore, store: ReadStore, batchSize: number) {
  return new ProjectionEngine(events, store, projections, new ReadModels(store, projections), {
    now: () => new Date('2026-11-21T12:00:00.000Z'),
    batchSize,
  });
}

/** Runs the engine until it has projected the whole log or until `stopped` (the injected stop). */
async function runUntil(
  events: SqliteEventStore,
  store: ReadStore,
  batchSize: number,
  stopped: Promise<void> = new Promise(() => {}),
): Promise<void> {
  const e = engine(events, store, batchSize);
  try {
    const head = await events.headPosition();
    await Promise.race([e.start().then(() => e.waitFor(head, 20_000)), stopped]);
  } catch {
    // The stop can land in start() (the catalog's first write): the process is gone either way.
  } finally {
    await e.stop();
  }
}

/**
 * Appends `events`, projects them through `crashing` (a store that stops the process somewhere),
 * restarts on `restarted` (the same data, no fault), and answers the restarted read models and a
 * clean rebuild's.
 */
export async function crashAndReplay(
  log: HistoryEvent[],
  batchSize: number,
  stores: {
    crashing: ReadStore;
    stopped: Promise<void>;
    restarted: ReadStore;
    clean: ReadStore;
  },
): Promise<{ replayed: Record<string, unknown>; rebuilt: Record<string, unknown> }> {
  const events = new SqliteEventStore({ filename: ':memory:', pollIntervalMs: 2 });
  try {
    for (const e of log)
      await events.append(
        `agent-${e.agent}`,
        [
          {
            id: randomUUID(),
            type: e.type,
            data: { agent: e.agent, meetup: e.meetup },
            metadata: { occurredAt: '2026-11-21T12:00:00.000Z' },
          },
        ],
        'any',
      );
    await runUntil(events, stores.crashing, batchSize, stores.stopped);
    await runUntil(events, stores.restarted, batchSize);
    await runUntil(events, stores.clean, 1000);
    return { replayed: await snapshot(stores.restarted), rebuilt: await snapshot(stores.clean) };
  } finally {
    await events.close();
  }
}
