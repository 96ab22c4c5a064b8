export * from './projections';
export * from './pulse.module';
export * from './application/pulse.queries';
export type { PulseBody } from './domain/pulse';
