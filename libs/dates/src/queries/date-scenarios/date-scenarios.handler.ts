import { Injectable } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PARTICIPATION_GUIDANCE, SCENARIOS } from '../../domain/scenarios';
import { DateScenarios, GetDateScenarios } from './date-scenarios.query';

/** The scenarios are data of the domain: nothing is read. */
@Injectable()
@QueryHandler(GetDateScenarios)
export class GetDateScenariosHandler implements IQueryHandler<GetDateScenarios, DateScenarios> {
  execute(): Promise<DateScenarios> {
    return Promise.resolve({
      scenarios: SCENARIOS.map((s) => ({
        id: s.id,
        title: s.title,
        premise: s.premise,
        rounds: s.rounds.map((prompt, i) => ({ step: i + 1, prompt })),
      })),
      guidance: PARTICIPATION_GUIDANCE,
    });
  }
}
