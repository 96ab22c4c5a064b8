import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { LIMITS, toInt } from '@companion/platform';
import { LoveStoryQueries } from '../application/love-stories.queries';

export class LoveStoriesQuery {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  cursor?: string;

  @ApiPropertyOptional({
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
  @ApiOperation({ summary: 'Published love stories, newest first' })
  list(@Query() query: LoveStoriesQuery) {
    return this.queries.list({
      cursor: query.cursor,
      limit: query.limit ?? LIMITS.list.loveStories.default,
    });
  }

  @Get(':id')
  byId(@Param('id') id: string) {
    return this.queries.byId(id);
  }
}
