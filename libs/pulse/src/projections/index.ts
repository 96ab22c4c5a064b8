// The projections alone, without the Nest module, controllers and queries of src/index.ts: a
// process that only builds read models (the CLI) loads this door (docs/cli-start.md).
export * from './pulse.projection';
