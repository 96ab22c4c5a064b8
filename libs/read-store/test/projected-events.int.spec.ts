import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@companion/event-store';
import { Doc, Projection, ProjectionEngine, ReadModels, SqliteReadStore } from '../src';
import { counted } from './support/tallies';

/**
 * The engine subscribes for what a projection reads of an event (`subscribeProjected`): events read
 * from the file, when the live loop catches up at its start and in a rebuild, carry an id, a
 * position, a type, data and metadata, and nothing else (docs/rebuild-speed.md).
 */
describe('the events the engine hands a projection', () => {
  const shapes: Projection = {
    name: 'shapes',
    version: 1,
    collections: [{ name: 'shapes' }],
    eventTypes: ['Counted'],
    apply: async (event, ctx) => {
      ctx.put('shapes', { _id: event.id, fields: Object.keys(event).sort() });
    },
  };

  it('are read from the file without the stream, revision and time recorded, live and in a rebuild', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'companion-projected-'));
    const events = new SqliteEventStore({ filename: join(dir, 'events.db') });
    const store = new SqliteReadStore(join(dir, 'read.db'));
    // Appended before the engine subscribes: nothing is handed over, its start reads them back.
    let last = 0;
    for (let i = 0; i < 5; i++)
      last = (await events.append(`counter-${i}`, [counted(`counter-${i}`)], 'no_stream')).position;
    const engine = new ProjectionEngine(events, store, [shapes], new ReadModels(store, [shapes]), {
      now: () => new Date(),
      dropGraceMs: 0,
      onFatal: () => undefined,
    });
    const fields = async () =>
      (await engine.readModels.find<Doc & { fields: string[] }>('shapes', {})).map((d) =>
        d.fields.join(','),
      );
    try {
      await engine.start();
      expect(await engine.waitFor(last, 5000)).toBe(true);
      expect(await fields()).toEqual(new Array(5).fill('data,id,metadata,position,type'));
      await engine.rebuild('shapes');
      expect((await engine.status())[0]).toMatchObject({ generation: 2, checkpoint: last });
      expect(await fields()).toEqual(new Array(5).fill('data,id,metadata,position,type'));
    } finally {
      await engine.stop();
      await events.close();
      await store.close();
    }
  });
});
