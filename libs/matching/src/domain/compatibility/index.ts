export * from './embedding';
export * from './embedder';
export * from './local-embedder';
export * from './text-terms';
export * from './stop-words';
export * from './feature-hashing';
