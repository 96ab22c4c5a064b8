// The projector and the CLI load libs/owner (its projection); the public site's template engine
// must not come along with it.
jest.mock('handlebars', () => {
  throw new Error('handlebars was loaded');
});

describe('libs/owner dependencies', () => {
  it('loads without the template engine, which the public site does load', async () => {
    await expect(import('@companion/owner')).resolves.toBeDefined();
    await expect(import('@companion/site')).rejects.toThrow(/handlebars was loaded/);
  });
});
