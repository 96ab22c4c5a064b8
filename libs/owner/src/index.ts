export * from './projections';
export * from './owner.module';
