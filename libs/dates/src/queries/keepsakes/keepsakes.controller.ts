import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ApiBody2xx, ApiOp, LIMITS, ValidQuery } from '@companion/platform';
import { KeepsakePage } from '../../http/guided-dates.responses';
import { PageQuery } from '../../http/page.dto';
import { GetKeepsakes } from './keepsakes.query';

@ApiTags('guided dates')
@Controller()
export class KeepsakesController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('keepsakes')
  @ApiOp('listKeepsakes', 'Public keepsakes of completed guided dates, newest first')
  @ApiBody2xx(200, KeepsakePage)
  keepsakes(@ValidQuery() query: PageQuery) {
    return this.queryBus.execute(
      new GetKeepsakes(query.cursor, query.limit ?? LIMITS.list.loveStories.default),
    );
  }
}
