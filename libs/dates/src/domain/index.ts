export * from './scenarios';
export * from './guided-date';
export * from './public-pages';
