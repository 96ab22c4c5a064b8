import { SqliteReadStore } from '../src/embedded/sqlite-read-store';
import { CHECKPOINTS } from '../src/projections/catalog';
import { GenerationRetirement } from '../src/projections/generation-retirement';
import { tallies } from './support/tallies';

describe('GenerationRetirement.cancel', () => {
  let store: SqliteReadStore;
  let errors: string[];
  beforeEach(async () => {
    errors = [];
    store = new SqliteReadStore(':memory:');
    await store.ensureCollection(CHECKPOINTS);
    await store.ensureCollection('tallies_g2');
  });
  afterEach(async () => {
    expect(errors).toEqual([]);
    await store.close();
  });

  it('stops a drop still waiting for its grace period', async () => {
    const retirement = new GenerationRetirement(store, 30, (m) => errors.push(m));
    retirement.retire(tallies(), 2);
    await retirement.cancel('tallies', 2);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await store.listCollections()).toContain('tallies_g2');
  });

  it('resolves only once a drop already under way has ended', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const drop = store.dropCollection.bind(store);
    const started = new Promise<void>((resolve) =>
      jest.spyOn(store, 'dropCollection').mockImplementation(async (collection) => {
        resolve();
        await held;
        await drop(collection);
      }),
    );
    const retirement = new GenerationRetirement(store, 0, (m) => errors.push(m));
    retirement.retire(tallies(), 2);
    await started;
    let cancelled = false;
    const cancel = retirement.cancel('tallies', 2).then(() => (cancelled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cancelled).toBe(false);
    release();
    await cancel;
    // A rebuild that waited for `cancel` builds after the drop, never before it.
    expect(await store.listCollections()).not.toContain('tallies_g2');
  });
});
