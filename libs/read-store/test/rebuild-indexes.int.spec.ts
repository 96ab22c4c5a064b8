import { randomUUID } from 'node:crypto';
import type { Projection } from '../src';
import { FileStores } from './support/file-stores';
import { indexesOf } from './support/read-file';

/**
 * An entry per event, with an index whose keys follow the log, one whose keys do not, and a unique
 * one marked as following the log, which is made at the end all the same.
 */
const entries: Projection = {
  name: 'entries',
  version: 1,
  collections: [
    {
      name: 'entries',
      indexes: [
        { name: 'by_position', fields: [['position', -1]], followsLog: true },
        { name: 'by_label', fields: [['label', 1]] },
        { name: 'by_id', fields: [['eventId', 1]], unique: true, followsLog: true },
      ],
    },
  ],
  eventTypes: ['Counted'],
  async apply(event, ctx) {
    const { label } = event.data as { label: string };
    ctx.put('entries', { _id: event.id, eventId: event.id, position: event.position, label });
  },
};

/**
 * What a rebuild's new generation is indexed by while it loads (`IndexSpec.followsLog`), and after,
 * on the embedded store's file.
 */
describe('a rebuild keeps the indexes that follow the log while it loads', () => {
  const t = new FileStores('companion-rebuild-indexes-');
  beforeEach(() => t.open());
  afterEach(() => t.close());

  it('has only those during the load, every declared one and the id index after it', async () => {
    const { events, store, dir } = t;
    const engine = t.newEngine(entries, {
      dropGraceMs: 60_000, // the old generation stays until the test is over
      rebuildBatchSize: 40,
    });
    await engine.start();
    let last = 0;
    for (let i = 0; i < 200; i++) {
      const data = { label: `l${i % 9}` };
      const meta = { occurredAt: '2026-11-27T12:00:00.000Z' };
      const event = { id: randomUUID(), type: 'Counted', data, metadata: meta };
      last = (await events.append(`counter-${i % 7}`, [event], 'any')).position;
    }
    expect(await engine.waitFor(last, 5000)).toBe(true);
    expect(indexesOf(dir, 'entries_g1').sort()).toEqual([
      'i_entries_g1_by_id (unique)',
      'i_entries_g1_by_label',
      'i_entries_g1_by_position',
      'sqlite_autoindex_c_entries_g1_1 (unique)',
    ]);

    const seen: string[][] = [];
    const write = store.write.bind(store);
    jest.spyOn(store, 'write').mockImplementation((writes, options) => {
      if (writes.some((w) => w.collection === 'entries_g2'))
        seen.push(indexesOf(dir, 'entries_g2').sort());
      return write(writes, options);
    });
    await engine.rebuild('entries');

    expect(seen.length).toBeGreaterThan(1);
    for (const indexes of seen) expect(indexes).toEqual(['i_entries_g2_by_position']);
    expect(indexesOf(dir, 'entries_g2').sort()).toEqual([
      'i_entries_g2_by_id (unique)',
      'i_entries_g2_by_label',
      'i_entries_g2_by_position',
      'id_entries_g2 (unique)',
    ]);
    const newest = await engine.readModels.find(
      'entries',
      {},
      { sort: [['position', -1]], limit: 1 },
    );
    expect(newest).toMatchObject([{ position: last }]);
    expect(await engine.readModels.count('entries', { label: 'l3' })).toBe(22);
  });
});
