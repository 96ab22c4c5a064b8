export * from './agent';
export * from './agent.decider';
export * from './owner-access';
export * from './scenes';
