export class FileReport {
  constructor(
    readonly reporterId: string,
    readonly reportedId: string,
    readonly reason: string,
    readonly matchId: string | null,
  ) {}
}

export interface FileReportResult {
  reportId: string;
}
