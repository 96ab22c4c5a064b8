export * from './embedding';
export * from './embedder';
export * from './local-embedder';
