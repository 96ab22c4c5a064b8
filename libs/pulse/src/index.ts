export * from './projections/pulse.projection';
export * from './pulse.module';
export * from './application/pulse.queries';
export type { PulseBody } from './domain/pulse';
