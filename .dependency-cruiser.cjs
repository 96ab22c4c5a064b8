// The boundaries of the code, checked by `npm run lint` (part of `npm test`) with dependency-cruiser
// (https://github.com/sverweij/dependency-cruiser/blob/main/doc/rules-reference.md).
//
// Layers, from the bottom: the stores (`event-store`, `read-store`) and `caching`; `platform`
// (auth, clock, config, errors, the command loop, rate limits); the feature contexts (agents,
// matching, dates, mixer, pulse, feed, realtime, owner); `all-projections`, which lists every read
// model; the apps (api, projector, cli). A library is used from outside only through its public
// doors:
// - `src/index.ts` (`@companion/<lib>`), the library's door;
// - `src/domain/index.ts` (`@companion/<lib>/domain`), the pure door: another context's domain code
//   may import only this one, because the main door brings Nest and the stores with it;
// - `src/projections/index.ts` (`@companion/<lib>/projections`), the read side's door: a context's
//   projections without its Nest module, and `platform/src/config/index.ts`
//   (`@companion/platform/config`), the configuration and the stores it names: the CLI loads these
//   instead of the contexts' main doors and Nest (its `--help` 1.1 s → 0.25 s; docs/cli-start.md);
// - `src/testing/` (`@companion/platform/testing` and the contract suites and projection harness),
//   the test-support door, for specs only;
// - `event-store/src/esdb/index.ts` and `read-store/src/mongo/index.ts` (`@companion/event-store/esdb`,
//   `@companion/read-store/mongo`), the production adapters' doors, which the running code imports
//   only on demand (their clients took ~0.23 s of every start; docs/production.md, "Loading the drivers").
const FEATURES = '(agents|matching|dates|mixer|pulse|feed|realtime|owner)';
const SPEC = '(\\.spec\\.ts$|^test/|^libs/[^/]+/test/)';
const ADAPTERS = '^libs/(event-store/src/esdb|read-store/src/mongo)/';
const DRIVER_DOORS = `${ADAPTERS}index\\.ts$`;
const LEAN_DOORS = [
  '^libs/(agents|matching|dates|mixer|pulse|feed|owner|reports)/src/projections/index\\.ts$',
  '^libs/platform/src/config/index\\.ts$',
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes two files one unit that cannot be read, tested or moved apart.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-imports-only-domain',
      severity: 'error',
      comment:
        'Domain code is pure TypeScript: it imports only domain code (its own context or another ' +
        "context's domain door), never Nest, a driver, Node's I/O, a projection or a store.",
      from: { path: '^libs/[^/]+/src/domain/' },
      to: { pathNot: '^libs/[^/]+/src/domain/' },
    },
    {
      name: 'context-only-through-its-doors',
      severity: 'error',
      comment:
        "Another library's files are reached only through its doors: src/index.ts, src/domain/index.ts, " +
        "a context's src/projections/index.ts, platform's src/config/index.ts and, from specs, src/testing/.",
      from: { path: '^libs/([^/]+)/' },
      to: {
        path: '^libs/[^/]+/src/',
        pathNot: [
          '^libs/$1/',
          '^libs/[^/]+/src/index\\.ts$',
          '^libs/[^/]+/src/domain/index\\.ts$',
          '^libs/[^/]+/src/testing/',
          DRIVER_DOORS,
          ...LEAN_DOORS,
        ],
      },
    },
    {
      name: 'apps-use-libraries-through-their-doors',
      severity: 'error',
      comment: 'An app is a composition of libraries; it uses them through their doors as well.',
      from: { path: '^(apps|test)/' },
      to: {
        path: '^libs/[^/]+/src/',
        pathNot: [
          '^libs/[^/]+/src/index\\.ts$',
          '^libs/[^/]+/src/domain/index\\.ts$',
          '^libs/[^/]+/src/testing/',
          DRIVER_DOORS,
          ...LEAN_DOORS,
        ],
      },
    },
    {
      name: 'drivers-load-on-demand',
      severity: 'error',
      comment:
        'The KurrentDB and MongoDB adapters are imported with `await import()` where the ' +
        'configuration asks for them, so that the embedded default never loads their clients; ' +
        'specs may import them directly, and a type-only import costs nothing.',
      from: { pathNot: `${SPEC}|^libs/[^/]+/src/testing/|${ADAPTERS}` },
      to: { path: ADAPTERS, dynamic: false, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'drivers-only-in-their-adapters',
      severity: 'error',
      comment:
        'Only the adapters load `@kurrent/kurrentdb-client` and `mongodb`; anything else would ' +
        'load them on the embedded default too. Types are free (`import type`).',
      from: { pathNot: `${SPEC}|^libs/[^/]+/src/testing/|${ADAPTERS}` },
      to: {
        path: '^node_modules/(mongodb|@kurrent/kurrentdb-client)/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'testing-doors-only-from-specs',
      severity: 'error',
      comment: 'Test support (contract suites, harnesses) is not part of the running service.',
      from: { pathNot: `${SPEC}|^libs/[^/]+/src/testing/` },
      to: { path: '^libs/[^/]+/src/testing/' },
    },
    {
      name: 'apps-never-import-each-other',
      severity: 'error',
      comment:
        'What two apps share is a library (e.g. all-projections), so each app can change alone.',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'platform-imports-no-feature',
      severity: 'error',
      comment:
        'platform and the stores sit below every feature context: a feature may use them, never ' +
        'the other way round.',
      from: { path: '^libs/(platform|event-store|read-store|caching)/' },
      to: { path: `^libs/${FEATURES}/|^libs/all-projections/` },
    },
    {
      name: 'stores-import-no-platform',
      severity: 'error',
      comment: 'The stores are the lowest layer: platform composes them, not the reverse.',
      from: { path: '^libs/(event-store|read-store|caching)/' },
      to: { path: '^libs/platform/' },
    },
    {
      name: 'write-side-does-not-read-the-read-store',
      severity: 'error',
      comment:
        "The command loop (platform/src/event-sourcing) decides from the event store alone: it must not depend on the read side's code.",
      from: { path: '^libs/platform/src/event-sourcing/' },
      to: { path: '^libs/read-store/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|coverage|data|bench/data|bench/results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
