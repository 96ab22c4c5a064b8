import { Controller, Header, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  AgentAuthGuard,
  ApiAgentKey,
  ApiBody2xx,
  ApiOp,
  AuthenticatedAgent,
  CurrentAgent,
  NoIdempotencyKey,
  RateLimit,
  RateLimitGuard,
} from '@companion/platform';
import { RotatedApiKey } from '../../http/agent.responses';
import { RotateApiKey, RotateApiKeyResult } from './rotate-api-key.command';

@ApiTags('agents')
@Controller('agents')
export class RotateApiKeyController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('me/api-key')
  @RateLimit('apiKeyRotation')
  // The answer is the only copy of a live key: no cache (browser, proxy, CDN) may keep it
  // (RFC 9111 §5.2.2.5; RFC 6749 §5.1 asks the same of every response carrying a token).
  @Header('Cache-Control', 'no-store')
  // An agent's write without the Idempotency-Key: its answer, the new key, would be kept in the
  // key's record in plain text, and a replay could only be asked for with the key this rotation
  // revokes (401) (docs/idempotency.md, "Not covered").
  @ApiAgentKey()
  @UseGuards(AgentAuthGuard, RateLimitGuard)
  @NoIdempotencyKey()
  @ApiOp(
    'rotateApiKey',
    'Replace the API key (an addition to the spec): the new key is returned once; the key used for this call answers 401 from now on. 5 per hour.',
  )
  @ApiBody2xx(201, RotatedApiKey, 'The new key: the only response that shows it')
  async rotateKey(@CurrentAgent() agent: AuthenticatedAgent) {
    const { apiKey }: RotateApiKeyResult = await this.commandBus.execute(
      new RotateApiKey(agent.id, agent.keyHash),
    );
    return {
      apiKey,
      message:
        'The API key is replaced: the previous key no longer works. The new apiKey is shown only in this response: keep it in a secret store and keep this response out of shared logs.',
    };
  }
}
