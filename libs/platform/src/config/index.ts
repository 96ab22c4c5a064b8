// The configuration and the stores it names, without Nest: the door of a process that needs no
// HTTP pipeline (the CLI; docs/cli-start.md).
export * from './config';
export * from '../persistence/open-stores';
