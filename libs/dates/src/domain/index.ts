export * from './scenarios';
export * from './guided-date';
