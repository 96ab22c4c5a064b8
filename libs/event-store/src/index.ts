export * from './event-store.port';
export * from './sqlite/sqlite-event-store';
export * from './esdb/esdb-event-store';
export { isEventStoreUrl } from './esdb/esdb-client';
export { WriterThread } from './sqlite/writer-thread';
export { batchEvents, oneWay } from './batch-events';
export { appendedAlready } from './appended-already';
export { backoffDelay, cancellableDelay } from './backoff';
export type { BackoffPolicy } from './backoff';
