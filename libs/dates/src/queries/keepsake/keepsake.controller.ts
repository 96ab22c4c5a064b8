import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ApiBody2xx, ApiErrors, ApiOp, ValidParam } from '@companion/platform';
import { Keepsake } from '../../http/guided-dates.responses';
import { GetKeepsake } from './keepsake.query';

@ApiTags('guided dates')
@Controller()
export class KeepsakeController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('keepsakes/:id')
  @ApiOp('getKeepsake', 'One keepsake: the three rounds of a completed date')
  @ApiBody2xx(200, Keepsake)
  @ApiErrors(404)
  keepsake(@ValidParam('id') id: string) {
    return this.queryBus.execute(new GetKeepsake(id));
  }
}
