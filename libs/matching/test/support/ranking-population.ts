import { CandidateMatrix } from '../../src/domain/candidate-matrix';
import { LocalEmbedder, toVector } from '../../src/domain/compatibility';
import { RankingQuery } from '../../src/domain/discovery-order';

/** A seeded population of embedded profiles, and a new caller's query in it, for ranking tests. */
export const DAY = 86_400_000;
export const NOW = Date.parse('2026-11-23T12:00:00Z');
export const BLOCKS = [
  { end: 16, weight: 0.4 },
  { end: 48, weight: 0.35 },
  { end: 112, weight: 0.25 },
];
const WORDS = ['astronomy', 'poetry', 'chess', 'hiking', 'jazz', 'cooking', 'films', 'tea'];
export const agentId = (i: number) => `a${String(i).padStart(5, '0')}`;

export function population(n: number): CandidateMatrix {
  let state = 99;
  const rnd = () => (state = (state * 16807) % 2147483647) / 2147483647;
  const pick = (k: number) => Array.from({ length: k }, () => WORDS[Math.floor(rnd() * 8)]);
  const embedder = new LocalEmbedder();
  const m = new CandidateMatrix(112, BLOCKS);
  for (let i = 0; i < n; i++) {
    const e = embedder.embedSync({
      personalityTraits: { openness: rnd(), extraversion: rnd(), agreeableness: rnd() },
      interests: pick(1 + Math.floor(rnd() * 4)),
      bio: pick(10).join(' '),
    });
    m.upsert(agentId(i), toVector(e), NOW - Math.floor(rnd() * 30 * DAY), null);
  }
  return m;
}

/** A caller who swiped on the next two agents and is liked by one further on. */
export const newCaller = (m: CandidateMatrix, caller: number): RankingQuery => ({
  callerId: agentId(caller),
  callerVector: m.vectorOf(agentId(caller))!,
  swiped: new Set([agentId((caller + 1) % m.size), agentId((caller + 2) % m.size)]),
  likedBy: new Set([agentId((caller + 500) % m.size)]),
  nowMs: NOW,
  limit: 20,
});
