export * from './pair';
export * from './match';
export * from './chemistry-scores';
