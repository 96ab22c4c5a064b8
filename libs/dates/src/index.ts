export * from './projections/love-stories.projection';
export * from './dates.module';
