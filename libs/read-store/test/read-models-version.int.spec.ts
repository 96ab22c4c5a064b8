import { ReadModels } from '../src';
import { FileStores } from './support/file-stores';
import { counted, tallies } from './support/tallies';

/**
 * The query side knows which version of a projection built the generation it reads: while a new
 * version is rebuilt beside the old one, a query may have to read documents of both shapes
 * (matching's conversations, libs/matching/src/application/conversation.ts).
 */
describe('the version that built the generation read', () => {
  const stores = new FileStores('companion-version-');
  beforeEach(() => stores.open());
  afterEach(() => stores.close());

  it('is the old one until the switch, in the engine and from the catalog, then the new one', async () => {
    const first = stores.newEngine(tallies(1));
    await first.start();
    const { position } = await stores.events.append(
      'counter-a',
      [counted('counter-a', 'one')],
      'any',
    );
    expect(await first.waitFor(position, 5000)).toBe(true);
    await first.stop();

    // The rebuild to version 2 waits for its first write of the new generation to be let through.
    const write = stores.store.write.bind(stores.store);
    let letThrough!: () => void;
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    jest
      .spyOn(stores.store, 'write')
      .mockImplementation((writes, options) =>
        options?.unshared ? held.then(() => write(writes, options)) : write(writes, options),
      );
    const engine = stores.newEngine(tallies(2));
    const reader = new ReadModels(stores.store, [tallies(2)]);
    await engine.start();
    await reader.refresh();
    expect([engine.readModels.version('tallies'), reader.version('tallies')]).toEqual([1, 1]);

    // The rebuild under way, whose switch has set the query side's version once this resolves.
    const switched = engine.rebuild('tallies');
    letThrough();
    await switched;
    await reader.refresh();
    expect([engine.readModels.version('tallies'), reader.version('tallies')]).toEqual([2, 2]);
  });
});
