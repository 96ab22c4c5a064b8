export * from './projections/pulse.projection';
export * from './pulse.module';
