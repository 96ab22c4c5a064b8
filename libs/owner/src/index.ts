export * from './projections/owner-access.projection';
export * from './projections/key-activity.projection';
export * from './owner.module';
