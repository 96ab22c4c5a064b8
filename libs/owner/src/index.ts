export * from './projections/owner-access.projection';
export * from './owner.module';
