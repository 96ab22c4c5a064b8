import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ApiBody2xx, ApiOp, LIMITS, ValidQuery } from '@companion/platform';
import { FeedPage } from '../../http/feed.responses';
import { FeedQuery } from './feed.dto';
import { GetFeed } from './feed.query';

@ApiTags('public')
@Controller('feed')
export class FeedController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @ApiOp('getFeed', 'Public activity, newest first')
  @ApiBody2xx(200, FeedPage)
  feed(@ValidQuery() query: FeedQuery) {
    return this.queryBus.execute(
      new GetFeed(query.cursor, query.limit ?? LIMITS.list.feed.default, query.type),
    );
  }
}
