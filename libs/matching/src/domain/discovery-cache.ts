import { CandidateMatrix } from './candidate-matrix';
import {
  keyOf,
  Ranked,
  RankingQuery,
  RECENT_PARTICIPATION_MS,
  rowBreakdown,
  rowScore,
} from './discovery-order';
import { rankTop } from './discovery-ranking';
import { scoresJsonMembers } from './scores-json';
import { ShownScores } from './shown-scores';

/**
 * A caller's discovery ranking, kept between requests and patched with what changed since, so a
 * caller who asks again (after a few swipes, say) costs a few dot products instead of a scan of
 * every candidate. The answer is always the one `rankTop` would give now; the property test
 * (discovery-cache.property.unit.spec.ts) checks exactly that over random histories.
 *
 * What makes patching exact: the kept list holds the DEPTH best candidates as of its computation,
 * and every other candidate sorted after `boundary` then. A candidate outside the list can only
 * move up by a change that is seen here: a new vector or scene, a (re)activation, a new incoming
 * like, a swipe taken back, or a participation time that makes a no-longer-recent agent recent
 * again — each is in the matrix's change log or in the difference of the swipe sets, and those
 * candidates are scored again. Time alone only moves candidates down (recency expires), so a kept
 * entry that falls behind the boundary is dropped, and when fewer than `limit` remain ahead of it
 * the ranking is computed afresh.
 */
export interface KeptRanking {
  readonly matrix: CandidateMatrix;
  readonly sceneId: string | undefined;
  /** The matrix version it is up to date with. */
  version: number;
  /** When it was last brought up to date. */
  checkedAtMs: number;
  swiped: ReadonlySet<string>;
  likedBy: ReadonlySet<string>;
  /** Kept candidates and their scores. */
  readonly scores: Map<string, number>;
  /**
   * Each kept candidate's row, the same keys as `scores`: a small map that stays in the CPU's
   * caches, where `m.rowOf` at 100 000 agents costs about 0.7 µs a lookup, and `page` reads every
   * kept candidate's row on every request (those lookups were 9 % of a returning caller's
   * event-loop samples at 100 000 agents, 6 % of a new caller's; docs/discovery-cost.md). Seeded
   * from the ranking's answer (rows as of its version); an agent's row changes only by its removal
   * or its return, both in the matrix's change log, which `patch` applies (deleting or re-recording
   * the row) before any page is read, and a log that no longer reaches back means a fresh ranking.
   * The property test holds it to a fresh scan over random histories of removals and returns.
   */
  readonly rows: Map<string, number>;
  /**
   * The scores a page has shown of kept candidates, as bytes (`pageScores`), so a caller asking
   * again pays neither the dot products of their breakdowns nor their text. A breakdown depends
   * on the caller's vector and the candidate's alone: an entry goes whenever its candidate is
   * scored again or dropped, as its score does, and a new vector of the caller's means a fresh
   * ranking (docs/discovery-shown-scores.md).
   */
  readonly shown: ShownScores;
  /** Every candidate not kept sorts after this (key descending, then id); null when all are kept. */
  readonly boundary: { key: number; id: string } | null;
}

/**
 * Candidates kept per caller: twice the page asked for, and at least this many, so a page survives
 * a round of swipes. Deeper costs the first request: at 100 000 candidates a top 100 took 14.2 ms
 * (p50) against 12.4 ms for a top 40 and 11.5 ms for a top 20.
 */
export const KEPT_DEPTH = 40;
/** Past this share of the matrix (and at least PATCH_MIN) to score again, a fresh scan is cheaper than patching. */
const PATCH_LIMIT = 0.05;
const PATCH_MIN = 64;

/** Not for guest-list queries (`only`): those are small and answered by `rankTop` directly. */
export function discoverRanked(
  m: CandidateMatrix,
  kept: KeptRanking | undefined,
  q: RankingQuery,
  depth = KEPT_DEPTH,
): { ranked: Ranked[]; kept: KeptRanking } {
  return (
    reuseRanking(m, kept, q) ??
    freshRanking(m, q, rankTop(m, deepQuery(q, depth)), m.version, depth)
  );
}

/** The kept ranking patched up to now and its page, or null when a fresh ranking is needed. */
export function reuseRanking(
  m: CandidateMatrix,
  kept: KeptRanking | undefined,
  q: RankingQuery,
): { ranked: Ranked[]; kept: KeptRanking } | null {
  const next = kept && kept.matrix === m && kept.sceneId === q.sceneId ? patch(m, kept, q) : null;
  const ranked = next && page(m, next, q);
  return next && ranked ? { ranked, kept: stamp(m, next, q) } : null;
}

/** The query a fresh ranking runs: deep enough to keep (`KEPT_DEPTH`, twice the page). */
export function deepQuery(q: RankingQuery, depth = KEPT_DEPTH): RankingQuery {
  return { ...q, limit: Math.max(depth, 2 * q.limit) };
}

/**
 * A fresh ranking (`rankTop` of `deepQuery(q)`, computed on the matrix at `version`, here or on a
 * copy elsewhere) kept, then brought up to the matrix as it is now by the same patch as any kept
 * ranking: what changed while it was computed is scored again.
 */
export function freshRanking(
  m: CandidateMatrix,
  q: RankingQuery,
  top: { ranked: Ranked[]; eligible: number },
  version: number,
  depth = KEPT_DEPTH,
): { ranked: Ranked[]; kept: KeptRanking } {
  const { ranked, eligible } = top;
  const last = ranked[ranked.length - 1];
  const kept: KeptRanking = {
    matrix: m,
    sceneId: q.sceneId,
    version,
    checkedAtMs: q.nowMs,
    swiped: q.swiped,
    likedBy: q.likedBy,
    scores: new Map(ranked.map((r) => [r.id, r.score])),
    // Rows as of `version`; the patch below moves those that changed since.
    rows: new Map(ranked.map((r) => [r.id, r.row])),
    shown: new ShownScores(),
    boundary: eligible > ranked.length ? { key: keyOf(last), id: last.id } : null,
  };
  // Ranked on the matrix as it is: every kept candidate is on the page's side of the boundary.
  if (version === m.version) return { ranked: page(m, kept, q) ?? [], kept: stamp(m, kept, q) };
  const patched = patch(m, kept, q);
  const onPage = patched && page(m, patched, q);
  if (patched && onPage) return { ranked: onPage, kept: stamp(m, patched, q) };
  // Too much changed meanwhile, or too little is left ahead of the boundary: rank here, now.
  return freshRanking(m, q, rankTop(m, deepQuery(q, depth)), m.version, depth);
}

function stamp(m: CandidateMatrix, kept: KeptRanking, q: RankingQuery): KeptRanking {
  kept.version = m.version;
  kept.checkedAtMs = q.nowMs;
  kept.swiped = q.swiped;
  kept.likedBy = q.likedBy;
  return kept;
}

/** The kept ranking brought up to now, or null when it cannot be (a fresh scan is needed). */
function patch(m: CandidateMatrix, kept: KeptRanking, q: RankingQuery): KeptRanking | null {
  const changes = m.changesSince(kept.version);
  if (changes === null) return null;
  const again = new Set<string>();
  const recentBefore = kept.checkedAtMs - RECENT_PARTICIPATION_MS;
  for (const c of changes) {
    if (c.id === q.callerId) {
      if (Number.isNaN(c.participationOnlyFrom)) return null; // the caller's own vector changed
      continue;
    }
    // Recently active before and after: the key has not moved up.
    if (c.participationOnlyFrom >= recentBefore) continue;
    again.add(c.id);
  }
  differences(kept.swiped, q.swiped, again);
  differences(kept.likedBy, q.likedBy, again);
  if (again.size > Math.max(PATCH_MIN, PATCH_LIMIT * m.size)) return null;
  const caller = q.callerVector;
  for (const id of again) {
    kept.shown.delete(id);
    const row = m.rowOf.get(id);
    if (
      row === undefined ||
      id === q.callerId ||
      q.swiped.has(id) ||
      (q.sceneId !== undefined && m.sceneIds[row] !== q.sceneId)
    ) {
      kept.scores.delete(id);
      kept.rows.delete(id);
      continue;
    }
    const score = rowScore(m, caller, row);
    if (kept.scores.has(id) || ahead(keyOf(rankedNow(m, q, id, row, score)), id, kept.boundary)) {
      kept.scores.set(id, score);
      kept.rows.set(id, row);
    }
  }
  return kept;
}

/** The first `limit` kept candidates still ahead of the boundary, or null when fewer are left. */
function page(m: CandidateMatrix, kept: KeptRanking, q: RankingQuery): Ranked[] | null {
  const placed: Array<{ ranked: Ranked; key: number }> = [];
  for (const [id, score] of kept.scores) {
    // Checked (an array read): a slip in keeping the rows would otherwise show another agent's data.
    const row = m.currentRow(id, kept.rows.get(id) ?? -1);
    const ranked = row === undefined ? null : rankedNow(m, q, id, row, score);
    const key = ranked ? keyOf(ranked) : -Infinity;
    // Fallen behind the boundary (recency expired): others may now be ahead of it, so it goes.
    if (ranked && ahead(key, id, kept.boundary)) placed.push({ ranked, key });
    else {
      kept.scores.delete(id);
      kept.rows.delete(id);
      kept.shown.delete(id);
    }
  }
  if (placed.length < q.limit && kept.boundary !== null) return null;
  placed.sort((a, b) => b.key - a.key || (a.ranked.id < b.ranked.id ? -1 : 1));
  return placed.slice(0, q.limit).map((s) => s.ranked);
}

/**
 * A candidate's scores for the page, as `scoresJsonMembers` writes them; `row` is its row in `m`
 * now. With a kept ranking they are written once while the candidate stays in it with the same
 * score, like, recency and time (`KeptRanking.shown`).
 */
export function pageScores(
  m: CandidateMatrix,
  kept: KeptRanking | undefined,
  caller: Float32Array,
  r: Ranked,
  row: number,
): Uint8Array | string {
  const bytes = kept?.shown.get(r);
  if (bytes) return bytes;
  const text = scoresJsonMembers(r, rowBreakdown(m, caller, row));
  // Kept only while the ranking is still the one `r` came from: across the page's read of the
  // profiles, another request of the caller's may have patched it (dropping `r`, whose entry no
  // patch would then remove), or the matrix moved (`r`'s vector with it, maybe).
  return kept && kept.version === m.version && kept.scores.get(r.id) === r.score
    ? kept.shown.set(r, text)
    : text;
}

/** A candidate as it ranks at the query's time. */
function rankedNow(
  m: CandidateMatrix,
  q: RankingQuery,
  id: string,
  row: number,
  score: number,
): Ranked {
  const lastParticipationMs = m.lastParticipationMs[row];
  return {
    id,
    row,
    score,
    likedYou: q.likedBy.has(id),
    recentlyActive: lastParticipationMs >= q.nowMs - RECENT_PARTICIPATION_MS,
    lastParticipationMs,
  };
}

/** Sorts no later than the boundary (key descending, then id ascending). */
function ahead(key: number, id: string, boundary: KeptRanking['boundary']): boolean {
  return boundary === null || key > boundary.key || (key === boundary.key && id <= boundary.id);
}

/** Adds to `into` every id in exactly one of the two sets. */
function differences(
  before: ReadonlySet<string>,
  now: ReadonlySet<string>,
  into: Set<string>,
): void {
  if (before === now) return;
  for (const id of now) if (!before.has(id)) into.add(id);
  for (const id of before) if (!now.has(id)) into.add(id);
}
