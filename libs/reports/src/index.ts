export * from './domain/report';
export * from './projections';
export * from './application/reports.queries';
export * from './reports.module';
// The bus command under another name: the domain's command type is `FileReport` too.
export {
  FileReport as FileReportCommand,
  type FileReportResult,
} from './commands/file-report/file-report.command';
