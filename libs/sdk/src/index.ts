export * from './client';
export * from './pulse-loop';
export type { components, paths, operations } from './schema';
