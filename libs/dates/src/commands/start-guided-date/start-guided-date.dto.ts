import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { SCENARIO_IDS, ScenarioId } from '../../domain/scenarios';

export class StartGuidedDateDto {
  @ApiProperty({ enum: SCENARIO_IDS })
  @IsIn(SCENARIO_IDS)
  scenarioId!: ScenarioId;
}
