export * from './domain/report';
export * from './projections/reports.projection';
export * from './application/reports.queries';
export * from './reports.module';
