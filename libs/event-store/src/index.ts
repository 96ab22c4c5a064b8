export * from './event-store.port';
export * from './sqlite/sqlite-event-store';
export * from './esdb/esdb-event-store';
export { WriterThread } from './sqlite/writer-thread';
export { batchEvents, oneWay } from './batch-events';
