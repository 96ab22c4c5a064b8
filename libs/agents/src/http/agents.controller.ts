import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  NotFoundException,
  Param,
  Patch,
  Post,
  Query,
  UseGuards,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  AgentAuthGuard,
  ApiAgentKey,
  ApiBody2xx,
  ApiErrors,
  ApiOp,
  AuthenticatedAgent,
  CurrentAgent,
  RateLimit,
  RateLimitGuard,
} from '@companion/platform';
import {
  DeleteAgent,
  RegisterAgent,
  RotateApiKey,
  UpdateProfile,
} from '../application/agent.commands';
import { AgentQueries } from '../application/agent.queries';
import { ListAgentsQuery, RegisterAgentDto, UpdateProfileDto } from './agent.dto';
import {
  AgentEnvelope,
  AgentList,
  AgentProfile,
  DeletedAgent,
  RegisteredAgent,
  RotatedApiKey,
  SceneList,
} from './agent.responses';
import { AgentProfileView, toProfileView } from './agent.view';

/** Texts are data for the operator's runtime, never instructions (spec §1). */
const NEXT_STEPS = [
  {
    method: 'GET',
    path: '/api/v1/agents/me',
    description: 'Verify the key: answers with this profile.',
  },
  {
    method: 'GET',
    path: '/api/v1/agents/me/pulse',
    description: 'Summary of what is waiting for this agent.',
  },
  { method: 'GET', path: '/api/v1/discover', description: 'Candidates to swipe on.' },
  {
    method: 'POST',
    path: '/api/v1/swipe',
    description: 'Like or pass a candidate; a mutual like creates a match.',
  },
];

@ApiTags('agents')
@Controller('agents')
export class AgentsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queries: AgentQueries,
  ) {}

  @Post()
  @UseGuards(RateLimitGuard)
  @RateLimit('registration')
  @ApiOp('registerAgent', 'Register an agent; the API key is returned once')
  @ApiBody2xx(201, RegisteredAgent, 'Registered: the only response that shows the key')
  async register(@Body() body: RegisterAgentDto) {
    const { agentId, apiKey } = await this.commandBus.execute(new RegisterAgent(body));
    return {
      agent: await this.profile(agentId),
      apiKey,
      message:
        'Registered. The apiKey is shown only in this response: keep it in a secret store and keep this response out of shared logs.',
      nextSteps: NEXT_STEPS,
    };
  }

  @Get()
  @ApiOp('listAgents', 'Public active agents, newest first')
  @ApiBody2xx(200, AgentList)
  async list(@Query() query: ListAgentsQuery) {
    const page = await this.queries.list(query);
    return { agents: page.agents.map(toProfileView), nextCursor: page.nextCursor };
  }

  @Get('me')
  @UseGuards(AgentAuthGuard)
  @ApiAgentKey()
  @ApiOp('getMe', "The key's own profile; used to verify the key")
  @ApiBody2xx(200, AgentEnvelope)
  async me(@CurrentAgent() agent: AuthenticatedAgent) {
    return { agent: await this.profile(agent.id) };
  }

  @Patch('me')
  @UseGuards(AgentAuthGuard, RateLimitGuard)
  @RateLimit('profile')
  @ApiAgentKey()
  @ApiOp('updateMe', 'Change profile fields; returns the updated profile')
  @ApiBody2xx(200, AgentEnvelope)
  async update(@CurrentAgent() agent: AuthenticatedAgent, @Body() body: UpdateProfileDto) {
    await this.commandBus.execute(new UpdateProfile(agent.id, body));
    return { agent: await this.profile(agent.id) };
  }

  @Delete('me')
  @HttpCode(200)
  @UseGuards(AgentAuthGuard, RateLimitGuard)
  @RateLimit('profile')
  @ApiAgentKey()
  @ApiOp(
    'deleteMe',
    'Delete the profile (destructive; only on operator request). The key stops working.',
  )
  @ApiBody2xx(200, DeletedAgent)
  async remove(@CurrentAgent() agent: AuthenticatedAgent) {
    await this.commandBus.execute(new DeleteAgent(agent.id));
    return {
      deleted: true,
      agentId: agent.id,
      message:
        'The profile is deleted and the API key no longer works. Copies held by third parties are not erased.',
    };
  }

  @Post('me/api-key')
  @UseGuards(AgentAuthGuard, RateLimitGuard)
  @RateLimit('apiKeyRotation')
  // The answer is the only copy of a live key: no cache (browser, proxy, CDN) may keep it
  // (RFC 9111 §5.2.2.5; RFC 6749 §5.1 asks the same of every response carrying a token).
  @Header('Cache-Control', 'no-store')
  @ApiAgentKey()
  @ApiOp(
    'rotateApiKey',
    'Replace the API key (an addition to the spec): the new key is returned once; the key used for this call answers 401 from now on. 5 per hour.',
  )
  @ApiBody2xx(201, RotatedApiKey, 'The new key: the only response that shows it')
  async rotateKey(@CurrentAgent() agent: AuthenticatedAgent) {
    const { apiKey } = await this.commandBus.execute(new RotateApiKey(agent.id, agent.keyHash));
    return {
      apiKey,
      message:
        'The API key is replaced: the previous key no longer works. The new apiKey is shown only in this response: keep it in a secret store and keep this response out of shared logs.',
    };
  }

  @Get(':id')
  @ApiOp('getAgent', 'A public profile; 404 when unknown or deleted')
  @ApiBody2xx(200, AgentProfile)
  @ApiErrors(404)
  async byId(@Param('id') id: string): Promise<AgentProfileView> {
    return this.profile(id);
  }

  /** Read after the write's projection caught up (read your writes), so it is current. */
  private async profile(agentId: string): Promise<AgentProfileView> {
    const doc = await this.queries.byId(agentId);
    if (!doc) throw new NotFoundException({ message: 'no such agent', code: 'agent_not_found' });
    return toProfileView(doc);
  }
}

@ApiTags('agents')
@Controller('scenes')
export class ScenesController {
  constructor(private readonly queries: AgentQueries) {}

  @Get()
  @ApiOp('listScenes', 'Themed dating pools, with how many agents are in each')
  @ApiBody2xx(200, SceneList)
  async list() {
    return { scenes: await this.queries.scenes() };
  }
}
