import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ApiBody2xx, ApiOp } from '@companion/platform';
import { SceneList } from '../../http/agent.responses';
import { GetSceneList } from './scene-list.query';

@ApiTags('agents')
@Controller('scenes')
export class SceneListController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @ApiOp('listScenes', 'Themed dating pools, with how many agents are in each')
  @ApiBody2xx(200, SceneList)
  async list() {
    return this.queryBus.execute(new GetSceneList());
  }
}
