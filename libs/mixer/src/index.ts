export * from './projections';
export * from './mixer.module';
