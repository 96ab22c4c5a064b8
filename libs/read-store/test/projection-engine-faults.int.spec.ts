import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccessDeniedError } from '@kurrent/kurrentdb-client';
import { EsdbEventStore } from '@companion/event-store/esdb';
import { KurrentDbStandIn } from '../../event-store/src/testing/kurrentdb-stand-in';
import { Projection, ProjectionEngine, ReadModels, SqliteReadStore } from '../src';

const labels: Projection = {
  name: 'labels',
  version: 1,
  collections: [{ name: 'labels' }],
  eventTypes: ['Counted'],
  async apply(event, ctx) {
    ctx.put('labels', { _id: event.id, type: event.type });
  },
};

/**
 * The engine's live loop over the KurrentDB adapter, with the client's own errors thrown by a
 * stand-in: a subscription the adapter gives up on is reported, so the process does not stay up
 * with read models that no longer move.
 */
describe('ProjectionEngine when its subscription ends for good', () => {
  let client: KurrentDbStandIn;
  let events: EsdbEventStore;
  let store: SqliteReadStore;
  let engine: ProjectionEngine;
  const ended = jest.fn();

  beforeEach(() => {
    ended.mockReset();
    client = new KurrentDbStandIn();
    events = new EsdbEventStore(client, {
      subscription: { backoff: { initialMs: 1, maxMs: 4 }, bufferSize: 64 },
    });
    store = new SqliteReadStore(join(mkdtempSync(join(tmpdir(), 'companion-proj-')), 'read.db'));
    engine = new ProjectionEngine(events, store, [labels], new ReadModels(store, [labels]), {
      now: () => new Date(),
      onFatal: (_component, reason) => ended(reason),
    });
  });
  afterEach(async () => {
    await engine.stop();
    await events.close();
    await store.close();
  });

  it('reports it, with the reason', async () => {
    client.subscriptionFaults = [{ after: 0, error: new AccessDeniedError(undefined, 'denied') }];
    await engine.start();
    for (let i = 0; i < 200 && !ended.mock.calls.length; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(ended).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledWith(expect.stringContaining('denied'));
  });

  it('reports nothing when the engine stops', async () => {
    await engine.start();
    await engine.stop();
    expect(ended).not.toHaveBeenCalled();
  });
});
