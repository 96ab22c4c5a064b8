import { SimilarityIndex } from '../src/application/similarity-index';
import { CandidateMatrix } from '../src/domain/candidate-matrix';
import { LocalEmbedder, toVector } from '../src/domain/compatibility';
import {
  keyOf,
  Ranked,
  RankingQuery,
  RECENT_PARTICIPATION_MS,
} from '../src/domain/discovery-order';
import { rankTop } from '../src/domain/discovery-ranking';

/**
 * The HNSW path of discovery against the exact ranking (`rankTop`) on a generated population of
 * local-embedder profiles: recall@20 and the spec's order (incoming likes, then recent
 * participation, then similarity, then id), and that the index follows the matrix it indexes.
 */
const N = 4000;
const LIMIT = 20;
const DAY = 86_400_000;
const NOW = Date.parse('2026-11-23T12:00:00Z');
const BLOCKS = [
  { end: 16, weight: 0.4 },
  { end: 48, weight: 0.35 },
  { end: 112, weight: 0.25 },
];
const WORDS = ['astronomy', 'poetry', 'chess', 'hiking', 'jazz', 'cooking', 'films', 'gardening'];
const MORE = ['robots', 'tea', 'painting', 'sailing', 'history', 'puzzles', 'dancing', 'coding'];

/** `sparse`: the share of profiles with no interests and no bio, whose vectors are shorter. */
function population(seed: number, sparse = 0, size = N): CandidateMatrix {
  let state = seed;
  const rnd = () => (state = (state * 16807) % 2147483647) / 2147483647;
  const pick = (n: number) =>
    Array.from({ length: n }, () => [...WORDS, ...MORE][Math.floor(rnd() * 16)]);
  const embedder = new LocalEmbedder();
  const m = new CandidateMatrix(112, BLOCKS);
  for (let i = 0; i < size; i++) {
    const bare = sparse > 0 && rnd() < sparse;
    const e = embedder.embedSync({
      personalityTraits: {
        openness: rnd(),
        conscientiousness: rnd(),
        extraversion: rnd(),
        agreeableness: rnd(),
        neuroticism: rnd(),
      },
      interests: bare ? [] : pick(1 + Math.floor(rnd() * 5)),
      bio: bare ? '' : pick(12).join(' '),
    });
    const age = rnd() < 0.3 ? rnd() * 6 : 8 + rnd() * 60;
    m.upsert(id(i), toVector(e), NOW - Math.floor(age * DAY), i % 10 === 0 ? 'noir' : null);
  }
  return m;
}

const id = (i: number) => `a${String(i).padStart(5, '0')}`;

function built(m: CandidateMatrix): SimilarityIndex {
  const index = new SimilarityIndex(m, NOW);
  while (!index.build(1000));
  return index;
}

function queryFor(m: CandidateMatrix, caller: number, extra: Partial<RankingQuery> = {}) {
  const callerId = id(caller);
  const swiped = new Set(Array.from({ length: 50 }, (_, k) => id((caller + 1 + k * 79) % N)));
  const likedBy = new Set(
    Array.from({ length: 5 }, (_, k) => id((caller + 7 + k * 613) % N)).filter(
      (x) => !swiped.has(x),
    ),
  );
  return {
    callerId,
    callerVector: m.vectorOf(callerId)!,
    swiped,
    likedBy,
    nowMs: NOW,
    limit: LIMIT,
    ...extra,
  } satisfies RankingQuery;
}

/** Sorted as the spec says: by bucket (likes, then recent), then score, then id. */
function expectSpecOrder(page: Ranked[]): void {
  for (let i = 1; i < page.length; i++) {
    const a = page[i - 1];
    const b = page[i];
    expect(keyOf(a) > keyOf(b) || (keyOf(a) === keyOf(b) && a.id < b.id)).toBe(true);
  }
}

/**
 * The share of the exact top 20 the index found for the callers among the first `callers` whose
 * vector has every block (`short`: whose vector is shorter); every caller's page is checked: its
 * length, the spec's order, the likes, nobody swiped.
 */
function recall(m: CandidateMatrix, index: SimilarityIndex, callers: number, short = false) {
  let hits = 0;
  let asked = 0;
  for (let c = 0; c < callers; c++) {
    const q = queryFor(m, (c * 37 + 11) % N);
    const exact = rankTop(m, q).ranked;
    const page = index.rank(q)!.ranked;
    expect(page).toHaveLength(exact.length);
    expectSpecOrder(page);
    // Incoming likes are read exactly: every one of them is where the exact ranking puts it.
    expect(page.filter((r) => r.likedYou).map((r) => r.id)).toEqual(
      exact.filter((r) => r.likedYou).map((r) => r.id),
    );
    for (const r of page) {
      expect(q.swiped.has(r.id)).toBe(false);
      expect(r.id).not.toBe(q.callerId);
    }
    if (isShort(q.callerVector) !== short) continue;
    const truth = new Set(exact.map((r) => r.id));
    hits += page.filter((r) => truth.has(r.id)).length;
    asked += exact.length;
  }
  expect(asked).toBeGreaterThan(0);
  return hits / asked;
}

/**
 * A vector whose blocks have these cosines with the first axis of each block (0: the block is
 * empty), the rest of each unit block along an axis of its own for `j`, scaled as `toVector` scales.
 */
function blocksVector(cosines: number[], j = 0): Float32Array {
  const v = new Float32Array(112);
  BLOCKS.forEach(({ end, weight }, b) => {
    const start = b === 0 ? 0 : BLOCKS[b - 1].end;
    if (cosines[b] === 0) return;
    v[start] = cosines[b] * Math.sqrt(weight);
    v[start + 1 + (j % (end - start - 1))] = Math.sqrt(1 - cosines[b] ** 2) * Math.sqrt(weight);
  });
  return v;
}

const isShort = (v: Float32Array) => v.reduce((sum, x) => sum + x * x, 0) < 0.99;

describe('discovery through the similarity index (HNSW)', () => {
  const m = population(42);
  const index = built(m);

  it('finds at least 98 % of the exact top 20, in the spec order, for 100 callers', () => {
    expect(recall(m, index, 100)).toBeGreaterThanOrEqual(0.98);
  });

  describe('with profiles that leave blocks empty (shorter vectors)', () => {
    // Large enough for the graph's shape to matter: with every stored vector of length 1, the
    // callers with a shorter vector found 0.92 here (docs/discovery-index-quantization.md).
    const sparse = population(42, 0.3, 30_000);
    const sparseIndex = built(sparse);

    it('finds at least 98 % of the exact top 20 of callers with every block', () => {
      expect(recall(sparse, sparseIndex, 100)).toBeGreaterThanOrEqual(0.98);
    });

    it('finds at least 97 % of the exact top 20 of callers with a shorter vector', () => {
      expect(recall(sparse, sparseIndex, 200, true)).toBeGreaterThanOrEqual(0.97);
    });

    it('searches them by their inner product, not as if they were as long as the others', () => {
      // usearch scales each vector to length 1 before making 8-bit integers of it: without the
      // coordinate that gives every vector one length beforehand, the 40 shorter candidates below
      // (inner product 0.50, length 0.77) would be searched as 0.64, ahead of the 20 that
      // score 0.60 and more, and the index asked for 38 would return none of those.
      const tiny = new CandidateMatrix(112, BLOCKS);
      const caller = blocksVector([1, 1, 1]);
      tiny.upsert('caller', caller, NOW, null);
      for (let j = 0; j < 20; j++) {
        const c = 0.6 + j / 1000;
        tiny.upsert(`full${j}`, blocksVector([c, c, c], j), NOW - DAY, null);
      }
      for (let j = 0; j < 40; j++)
        tiny.upsert(`short${j}`, blocksVector([0, 0.83, 0.83], j), NOW - DAY, null);
      const q = {
        callerId: 'caller',
        callerVector: caller,
        swiped: new Set<string>(),
        likedBy: new Set<string>(),
        nowMs: NOW,
        limit: LIMIT,
      };
      const page = built(tiny)
        .rank(q)!
        .ranked.map((r) => r.id);
      expect(page).toEqual(rankTop(tiny, q).ranked.map((r) => r.id));
    });
  });

  it('gives a full page within a scene, or leaves it to the exact scan', () => {
    const q = queryFor(m, 5, { sceneId: 'noir' });
    const exact = rankTop(m, q).ranked;
    const answer = index.rank(q);
    if (answer) {
      expect(answer.ranked).toHaveLength(exact.length);
      expect(answer.ranked.every((r) => m.sceneIds[m.rowOf.get(r.id)!] === 'noir')).toBe(true);
    }
    expect(exact).toHaveLength(LIMIT);
  });

  it('returns every candidate when fewer than a page are eligible', () => {
    const small = new CandidateMatrix(112, BLOCKS);
    for (let i = 0; i < 8; i++) small.upsert(id(i), m.vectorOf(id(i))!, NOW, null);
    const q = { ...queryFor(small, 0), swiped: new Set([id(1)]), likedBy: new Set<string>() };
    const answer = built(small).rank(q)!;
    expect(answer.ranked.map((r) => r.id)).toEqual(rankTop(small, q).ranked.map((r) => r.id));
    expect(answer.eligible).toBe(6);
  });
});

describe('the similarity index follows its matrix', () => {
  /** The matrix a ranking worker keeps, fed the rows the main thread's matrix sends it. */
  function follower() {
    const main = population(7);
    const copy = new CandidateMatrix(112, BLOCKS);
    copy.applyRows(main.rowsSince(null));
    const index = built(copy);
    let version = main.version;
    return {
      main,
      copy,
      index,
      /** What changed in the main matrix since the last call, as the worker receives it. */
      send(nowMs = NOW) {
        const rows = main.rowsSince(version);
        version = rows.version;
        index.applyRows(rows, nowMs);
      },
    };
  }

  it('drops deleted agents and places changed profiles and new agents by their new vector', () => {
    const f = follower();
    const q = () => queryFor(f.main, 3, { swiped: new Set(), likedBy: new Set() });
    const before = f.index.rank(q())!.ranked.map((r) => r.id);
    // The top five leave; one not-recent agent takes the caller's profile and takes part (recent);
    // a new agent registers with the caller's profile.
    for (const gone of before.slice(0, 5)) f.main.remove(gone);
    const twin = [...f.main.rowOf.keys()].find(
      (x) => f.main.participationOf(x) < NOW - RECENT_PARTICIPATION_MS && !before.includes(x),
    )!;
    f.main.upsert(twin, q().callerVector, NOW - DAY, null);
    f.main.upsert('newcomer', q().callerVector, NOW, null);
    f.send();
    const after = f.index.rank(q())!.ranked;
    expect(after.map((r) => r.id)).toEqual(rankTop(f.copy, q()).ranked.map((r) => r.id));
    for (const gone of before.slice(0, 5)) expect(after.map((r) => r.id)).not.toContain(gone);
    expect(after.slice(0, 2).map((r) => r.id)).toEqual(['newcomer', twin].sort());
  });

  it('moves agents to the other bucket as they take part and as their participation expires', () => {
    const f = follower();
    const q = (nowMs: number) =>
      queryFor(f.main, 3, { swiped: new Set(), likedBy: new Set(), nowMs });
    // A not-recent agent with the caller's profile, then it takes part: first of the page.
    const stale = [...f.main.rowOf.keys()].find(
      (x) => f.main.participationOf(x) < NOW - RECENT_PARTICIPATION_MS,
    )!;
    f.main.upsert(stale, q(NOW).callerVector, NOW - 30 * DAY, null);
    f.send();
    expect(f.index.rank(q(NOW))!.ranked[0].id).not.toBe(stale);
    f.main.touch(stale, NOW);
    f.send();
    expect(f.index.rank(q(NOW))!.ranked[0].id).toBe(stale);
    // Eight days later every agent's participation has expired, the twin's too:
    // the ranking is then by similarity alone, which the stale index must now serve.
    const later = NOW + 8 * DAY;
    const page = f.index.rank(q(later))!.ranked;
    const exact = rankTop(f.copy, q(later)).ranked;
    const truth = new Set(exact.map((r) => r.id));
    expect(page.filter((r) => truth.has(r.id)).length).toBeGreaterThanOrEqual(LIMIT - 1);
    expect(page.every((r) => !r.recentlyActive)).toBe(true);
    expect(page[0].id).toBe(stale);
  });
});
