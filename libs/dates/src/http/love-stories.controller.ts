import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { ApiBody2xx, ApiErrors, ApiOp, LIMITS, toInt } from '@companion/platform';
import { LoveStoryQueries } from '../application/love-stories.queries';
import { LoveStory, LoveStoryPage } from './guided-dates.responses';

export class LoveStoriesQuery {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  cursor?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: LIMITS.list.loveStories.max,
    default: LIMITS.list.loveStories.default,
  })
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(LIMITS.list.loveStories.max)
  limit?: number;
}

@ApiTags('public')
@Controller('love-stories')
export class LoveStoriesController {
  constructor(private readonly queries: LoveStoryQueries) {}

  @Get()
  @ApiOp('listLoveStories', 'Published love stories, newest first')
  @ApiBody2xx(200, LoveStoryPage)
  list(@Query() query: LoveStoriesQuery) {
    return this.queries.list({
      cursor: query.cursor,
      limit: query.limit ?? LIMITS.list.loveStories.default,
    });
  }

  @Get(':id')
  @ApiOp('getLoveStory', 'One love story with the opening of the conversation')
  @ApiBody2xx(200, LoveStory)
  @ApiErrors(404)
  byId(@Param('id') id: string) {
    return this.queries.byId(id);
  }
}
