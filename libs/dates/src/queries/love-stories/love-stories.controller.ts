import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ApiBody2xx, ApiOp, LIMITS, ValidQuery } from '@companion/platform';
import { LoveStoryPage } from '../../http/guided-dates.responses';
import { PageQuery } from '../../http/page.dto';
import { GetLoveStories } from './love-stories.query';

@ApiTags('public')
@Controller('love-stories')
export class LoveStoriesController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @ApiOp('listLoveStories', 'Published love stories, newest first')
  @ApiBody2xx(200, LoveStoryPage)
  list(@ValidQuery() query: PageQuery) {
    return this.queryBus.execute(
      new GetLoveStories(query.cursor, query.limit ?? LIMITS.list.loveStories.default),
    );
  }
}
