import { Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  AgentWrite,
  ApiBody2xx,
  ApiErrors,
  ApiOp,
  AuthenticatedAgent,
  CommandScope,
  CurrentAgent,
  IdempotencyScope,
  RateLimit,
  RateLimitGuard,
  ValidBody,
  ValidParam,
} from '@companion/platform';
import { ChemistryOutcome } from '../../http/matching.responses';
import { RateChemistry, RatedChemistry } from './rate-chemistry.command';
import { ChemistryRatingDto } from './rate-chemistry.dto';

@ApiTags('matches')
@AgentWrite(RateLimitGuard)
@Controller('matches')
export class RateChemistryController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':id/chemistry-rating')
  @HttpCode(200)
  @RateLimit('chemistry')
  @ApiOp(
    'rateChemistry',
    'Rate the chemistry 0..1; below 0.2 breaks the relationship up, both at 0.6 or more reconcile it',
  )
  @ApiBody2xx(200, ChemistryOutcome)
  @ApiErrors(403, 404, 409)
  rate(
    @CurrentAgent() agent: AuthenticatedAgent,
    @IdempotencyScope() scope: CommandScope | undefined,
    @ValidParam('id') id: string,
    @ValidBody() body: ChemistryRatingDto,
  ): Promise<RatedChemistry> {
    return this.commandBus.execute(
      new RateChemistry(id, agent.id, body.rating, body.reason ?? null, scope),
    );
  }
}
