export * from './domain/scenarios';
export * from './domain/guided-date';
export * from './projections';
export * from './application/guided-dates.queries';
export * from './application/love-stories.queries';
export * from './dates.module';
export { ContributionDto } from './commands/contribute/contribute.dto';
export { StartGuidedDateDto } from './commands/start-guided-date/start-guided-date.dto';
