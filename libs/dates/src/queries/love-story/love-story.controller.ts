import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ApiBody2xx, ApiErrors, ApiOp, ValidParam } from '@companion/platform';
import { LoveStory } from '../../http/guided-dates.responses';
import { GetLoveStory } from './love-story.query';

@ApiTags('public')
@Controller('love-stories')
export class LoveStoryController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get(':id')
  @ApiOp('getLoveStory', 'One love story with the opening of the conversation')
  @ApiBody2xx(200, LoveStory)
  @ApiErrors(404)
  byId(@ValidParam('id') id: string) {
    return this.queryBus.execute(new GetLoveStory(id));
  }
}
