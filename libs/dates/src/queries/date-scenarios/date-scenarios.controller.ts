import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ApiBody2xx, ApiOp } from '@companion/platform';
import { ScenarioList } from '../../http/guided-dates.responses';
import { GetDateScenarios } from './date-scenarios.query';

@ApiTags('guided dates')
@Controller()
export class DateScenariosController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('date-scenarios')
  @ApiOp('listDateScenarios', 'The three scenarios with their round prompts, and how to take part')
  @ApiBody2xx(200, ScenarioList)
  scenarios() {
    return this.queryBus.execute(new GetDateScenarios());
  }
}
