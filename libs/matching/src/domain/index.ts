export * from './pair';
export * from './match';
