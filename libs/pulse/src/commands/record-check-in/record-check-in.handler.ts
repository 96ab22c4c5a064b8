import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { BoundedCache } from '@companion/caching';
import { WrongExpectedRevisionError } from '@companion/event-store';
import { CLOCK, Clock, EventSourcedCommands } from '@companion/platform';
import { presenceStream } from '../../application/presence-stream';
import { CHECK_IN_INTERVAL_MS, presenceDecider } from '../../domain/presence';
import { RecordCheckIn } from './record-check-in.command';

/**
 * Records `AgentCheckedIn` on the agent's `presence-{id}` stream, at most once a minute, through
 * the command loop. The stream owns the rule: the append expects the revision the decision was made
 * on, so two API instances answering the same agent at once record one check-in. It is telemetry,
 * not a social action: no read model treats it as participation, and no request waits for a read
 * model to apply it.
 *
 * Every pulse comes here, and nearly every one within a minute of the last check-in: a local memo
 * of each agent's last check-in answers those without the loop. The memo keeps the presence
 * stream's revision too, and hands the stream's state to the loop (`known`), so a check-in after
 * this process's first one for an agent appends without a read; the first one reads the stream's
 * last event only (`lastEventDecides`). The loop's own cache of stream states, shared with every
 * other stream, is left alone: at 100 000 polling agents their presence streams pushed each other
 * out of it, and every check-in read its stream (docs/pulse-at-scale.md).
 */
/**
 * Agents whose last check-in is remembered. In two generations (BoundedCache): up to 100 000
 * agents polling in turn all stay; between 100 000 and 200 000 some are dropped before their next
 * check-in, past 200 000 all are.
 */
const CHECK_IN_MEMO = 200_000;

/** An agent's last check-in known to this process: its time (ms) and its stream's revision. */
interface LastCheckIn {
  at: number;
  revision: number;
}

@Injectable()
@CommandHandler(RecordCheckIn)
export class RecordCheckInHandler implements ICommandHandler<RecordCheckIn> {
  private readonly logger = new Logger(RecordCheckInHandler.name);
  /**
   * Each agent's last check-in known to this process, for the agents polling now: bounded, so a
   * long-running process does not keep one entry per agent it ever saw (an agent dropped here
   * costs a read of its stream's last event at its next check-in).
   */
  private readonly lastCheckIn = new BoundedCache<'checkIn', string, LastCheckIn>(CHECK_IN_MEMO);

  constructor(
    private readonly commands: EventSourcedCommands,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Never fails: telemetry must not fail the pulse that triggered it. */
  async execute({ agentId }: RecordCheckIn): Promise<boolean> {
    const now = this.clock.now();
    const last = this.lastCheckIn.get('checkIn', agentId);
    if (last !== undefined && now.getTime() - last.at < CHECK_IN_INTERVAL_MS) return false;
    const known = last
      ? { state: { lastCheckInAt: new Date(last.at).toISOString() }, revision: last.revision }
      : null;
    try {
      const { state, events, revision } = await this.commands.handle(
        presenceStream(agentId),
        presenceDecider,
        { type: 'RecordCheckIn', agentId, at: now.toISOString() },
        { actorId: agentId },
        { awaitReadModels: false, lastEventDecides: true, known },
      );
      // A slower check-in of the same agent may answer after a newer one: keep the newer.
      if ((this.lastCheckIn.get('checkIn', agentId)?.revision ?? -1) <= revision)
        this.lastCheckIn.set('checkIn', agentId, {
          at: state.lastCheckInAt === null ? now.getTime() : Date.parse(state.lastCheckInAt),
          revision,
        });
      return events.length > 0;
    } catch (error) {
      // A conflict on every attempt: other instances are checking this agent in at this moment.
      if (!(error instanceof WrongExpectedRevisionError))
        this.logger.warn(
          `check-in telemetry not recorded: ${error instanceof Error ? error.message : String(error)}`,
        );
      return false;
    }
  }
}
