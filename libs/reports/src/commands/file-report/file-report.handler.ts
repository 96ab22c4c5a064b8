import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { streamName } from '@companion/event-store';
import { AgentQueries } from '@companion/agents';
import { MatchDoc, MATCHES } from '@companion/matching';
import {
  EventSourcedCommands,
  forbidden,
  invalid,
  newEntityId,
  notFound,
  RateLimiter,
} from '@companion/platform';
import { ReadModels } from '@companion/read-store';
import { reportDecider } from '../../domain/report';
import { FileReport, FileReportResult } from './file-report.command';

export const reportStream = (reportId: string) => streamName('report', reportId);

@Injectable()
@CommandHandler(FileReport)
export class FileReportHandler implements ICommandHandler<FileReport, FileReportResult> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly agents: AgentQueries,
    private readonly readModels: ReadModels,
    private readonly limiter: RateLimiter,
  ) {}

  async execute({
    reporterId,
    reportedId,
    reason,
    matchId,
    scope,
  }: FileReport): Promise<FileReportResult> {
    if (reporterId === reportedId)
      throw invalid('cannot_report_self', 'an agent cannot report itself');
    if (!(await this.agents.byId(reportedId)))
      throw notFound('agent_not_found', 'no such agent (unknown or deleted)');
    if (matchId !== null) await this.assertMatch(matchId, reporterId, reportedId);
    // Counted here, after every refusal (as the messaging limit is): the limit is on reports filed,
    // so a 400, 403 or 404 never uses up one of the reporter's 10 an hour.
    await this.limiter.consume('report', `agent:${reporterId}`);
    const reportId = newEntityId('report', scope);
    await this.commands.handle(
      reportStream(reportId),
      reportDecider,
      { type: 'FileReport', reportId, reporterId, reportedId, reason, matchId },
      { actorId: reporterId, scope },
      { likelyNew: true },
    );
    return { reportId };
  }

  /** A match that is not the reporter's answers as one it is no participant of: it does not learn whether it exists. */
  private async assertMatch(matchId: string, reporterId: string, reportedId: string) {
    const match = await this.readModels.get<MatchDoc>(MATCHES, matchId);
    if (!match || !match.agentIds.includes(reporterId))
      throw forbidden('not_a_participant', 'matchId must name a match you are a participant of');
    if (!match.agentIds.includes(reportedId))
      throw invalid('match_not_with_agent', 'matchId must name your match with the reported agent');
  }
}
