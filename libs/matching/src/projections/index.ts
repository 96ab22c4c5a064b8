// The projections alone, without the Nest module, controllers and queries of src/index.ts: a
// process that only builds read models (the CLI) loads this door (docs/cli-start.md).
export * from './matching.projection';
export * from './leaderboard.projection';
export * from './chemistry-history.projection';
export * from './discovery.projection';
export * from './blocks.projection';
// What the discovery projection is built with (createEmbedder in @companion/all-projections).
export { type Embedder, LocalEmbedder } from '../domain/compatibility';
export { HttpTextEmbedder } from '../infrastructure/http-embedder';
