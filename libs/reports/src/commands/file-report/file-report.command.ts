import { Command } from '@nestjs/cqrs';

export class FileReport extends Command<FileReportResult> {
  constructor(
    readonly reporterId: string,
    readonly reportedId: string,
    readonly reason: string,
    readonly matchId: string | null,
  ) {
    super();
  }
}

export interface FileReportResult {
  reportId: string;
}
