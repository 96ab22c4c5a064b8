export * from './read-store.port';
export * from './embedded/sqlite-read-store';
export * from './projections/projection';
export * from './projections/catalog';
export * from './projections/read-models';
export * from './projections/projection-engine';
export * from './mongo/mongo-read-store';
export * from './projections/checkpoint-watcher';
