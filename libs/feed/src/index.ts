export * from './projections/feed.projection';
export * from './application/feed.queries';
export * from './feed.module';
