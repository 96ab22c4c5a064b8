import { Command } from '@nestjs/cqrs';
import type { CommandScope } from '@companion/platform';
import { ChemistryScores } from '../../domain/chemistry-scores';
import { RelationshipStatus } from '../../domain/match';

export interface RatedChemistry {
  rating: {
    matchId: string;
    agentId: string;
    rating: number;
    reason: string | null;
    ratedAt: string;
  };
  match: { id: string; status: RelationshipStatus; chemistry: ChemistryScores };
}

export class RateChemistry extends Command<RatedChemistry> {
  constructor(
    readonly matchId: string,
    readonly raterId: string,
    readonly rating: number,
    readonly reason: string | null,
    /** The request's Idempotency-Key scope, when it has one (`CommandContext.scope`). */
    readonly scope?: CommandScope,
  ) {
    super();
  }
}
