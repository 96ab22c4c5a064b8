export * from './projections';
export * from './application/feed.queries';
export * from './feed.module';
