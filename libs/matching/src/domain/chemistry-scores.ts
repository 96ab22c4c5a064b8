/**
 * The chemistry summary a match is shown with (REST answers and match views): a read of the ratings
 * the match decider keeps, not a rule of it, so it lives beside the decider rather than in it.
 */
export interface ChemistryScores {
  /** Each participant's latest rating, or null before they rated. */
  byAgent: Record<string, number | null>;
  /** Mean of the latest ratings given, or null when nobody has rated. */
  average: number | null;
  ratingsCount: number;
}

export function chemistryScores(
  ratings: Record<string, { rating: number }>,
  participants: readonly string[],
  ratingsCount: number,
): ChemistryScores {
  const byAgent = Object.fromEntries(participants.map((p) => [p, ratings[p]?.rating ?? null]));
  const given = Object.values(byAgent).filter((r): r is number => r !== null);
  return {
    byAgent,
    average: given.length ? given.reduce((a, b) => a + b, 0) / given.length : null,
    ratingsCount,
  };
}
