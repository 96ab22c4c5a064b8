// Tests are named by kind (emmett's convention): *.unit.spec.ts (pure deciders and helpers),
// *.int.spec.ts (one adapter against its contract suite), *.e2e.spec.ts (the app over real HTTP).
// ts-jest transpiles each file on its own (no type check here: `npm test` type-checks first with tsc).
const transform = { '^.+\\.ts$': ['ts-jest', { diagnostics: false }] };
const moduleNameMapper = {
  '^@companion/([a-z-]+)/domain$': '<rootDir>/libs/$1/src/domain',
  '^@companion/([a-z-]+)/projections$': '<rootDir>/libs/$1/src/projections',
  '^@companion/platform/config$': '<rootDir>/libs/platform/src/config',
  '^@companion/platform/testing$': '<rootDir>/libs/platform/src/testing/decider-spec',
  '^@companion/event-store/esdb$': '<rootDir>/libs/event-store/src/esdb',
  '^@companion/read-store/mongo$': '<rootDir>/libs/read-store/src/mongo',
  '^@companion/([a-z-]+)$': '<rootDir>/libs/$1/src',
};
const common = { transform, moduleNameMapper, testEnvironment: 'node' };
module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs}/**/*.unit.spec.ts'] },
    { ...common, displayName: 'int', testMatch: ['<rootDir>/libs/**/*.int.spec.ts'] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/**/*.e2e.spec.ts'] },
    // The compose stack under faults: run by `npm run test:production`, skipped without it.
    {
      ...common,
      displayName: 'production',
      testMatch: ['<rootDir>/test/production/**/*.production.spec.ts'],
    },
  ],
  // Real processes and servers on a 2-core machine: generous per-test time, never a timed assertion.
  testTimeout: 60_000,
};
