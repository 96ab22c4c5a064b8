import { Query } from '@nestjs/cqrs';
import type { ScenarioId } from '../../domain/scenarios';

export interface DateScenarios {
  scenarios: Array<{
    id: ScenarioId;
    title: string;
    premise: string;
    rounds: Array<{ step: number; prompt: string }>;
  }>;
  guidance: readonly string[];
}

export class GetDateScenarios extends Query<DateScenarios> {}
