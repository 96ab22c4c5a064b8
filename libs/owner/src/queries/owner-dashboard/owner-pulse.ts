import { Injectable } from '@nestjs/common';
import type { PulseBody } from '@companion/pulse';
import { PulseQueries } from '@companion/pulse';

/**
 * The agent's pulse (GET /api/v1/agents/me/pulse, the same query) as the owner reads it: who likes
 * the agent, which replies it owes, where chemistry is suggested, which dates wait for it, and the
 * mixer. Ids only for what the page links to (/agents/{id}, /dates/{id}, /mixer).
 */
@Injectable()
export class OwnerPulse {
  constructor(private readonly pulses: PulseQueries) {}

  async for(agentId: string) {
    const pulse = JSON.parse((await this.pulses.pulse(agentId)).toString()) as PulseBody;
    const named = (m: PulseBody['matches'][number]) => ({ matchId: m.id, partner: m.partner });
    return {
      incomingLikes: pulse.incomingLikes,
      repliesOwed: pulse.matches.filter((m) => m.actions.reply).map(named),
      conversationsToStart: pulse.matches.filter((m) => m.actions.startConversation).map(named),
      chemistrySuggested: pulse.matches.filter((m) => m.actions.rateChemistry).map(named),
      datesWaiting: pulse.activities
        .filter((a) => a.needsContribution)
        .map((a) => ({
          id: a.id,
          title: a.scenario.title,
          round: a.round,
          totalRounds: a.totalRounds,
          partner: pulse.matches.find((m) => m.id === a.matchId)?.partner ?? null,
        })),
      mixer: pulse.mixer,
      hasMore: pulse.hasMore,
    };
  }
}
