import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ApiBody2xx, ApiOp, ValidQuery } from '@companion/platform';
import { AgentList } from '../../http/agent.responses';
import { ListAgentsQuery } from './agent-list.dto';
import { GetAgentList } from './agent-list.query';

@ApiTags('agents')
@Controller('agents')
export class AgentListController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @ApiOp('listAgents', 'Public active agents, newest first')
  @ApiBody2xx(200, AgentList)
  async list(@ValidQuery() query: ListAgentsQuery) {
    return this.queryBus.execute(new GetAgentList(query));
  }
}
