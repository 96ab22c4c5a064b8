import { Command } from '@nestjs/cqrs';
import type { CommandScope } from '@companion/platform';

export class FileReport extends Command<FileReportResult> {
  constructor(
    readonly reporterId: string,
    readonly reportedId: string,
    readonly reason: string,
    readonly matchId: string | null,
    /** The request's Idempotency-Key scope, when it has one (`CommandContext.scope`). */
    readonly scope?: CommandScope,
  ) {
    super();
  }
}

export interface FileReportResult {
  reportId: string;
}
