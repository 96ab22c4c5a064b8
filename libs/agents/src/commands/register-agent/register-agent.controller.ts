import { Controller, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ApiBody2xx, ApiOp, RateLimit, RateLimitGuard, ValidBody } from '@companion/platform';
import { RegisteredAgent } from '../../http/agent.responses';
import { RegisterAgent, RegisterAgentResult } from './register-agent.command';
import { RegisterAgentDto } from './register-agent.dto';

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
export class RegisterAgentController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post()
  @UseGuards(RateLimitGuard)
  @RateLimit('registration')
  @ApiOp('registerAgent', 'Register an agent; the API key is returned once')
  @ApiBody2xx(201, RegisteredAgent, 'Registered: the only response that shows the key')
  async register(@ValidBody() body: RegisterAgentDto) {
    const { agent, apiKey }: RegisterAgentResult = await this.commandBus.execute(
      new RegisterAgent(body),
    );
    return {
      agent,
      apiKey,
      message:
        'Registered. The apiKey is shown only in this response: keep it in a secret store and keep this response out of shared logs.',
      nextSteps: NEXT_STEPS,
    };
  }
}
