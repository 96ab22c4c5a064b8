import { Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PulseQueries } from '../../application/pulse.queries';
import { GetPulse } from './pulse.query';

@Injectable()
@QueryHandler(GetPulse)
export class GetPulseHandler implements IQueryHandler<GetPulse> {
  constructor(private readonly pulses: PulseQueries) {}

  execute({ agentId, previousState }: GetPulse): Promise<Buffer> {
    return this.pulses.pulse(agentId, previousState);
  }
}
