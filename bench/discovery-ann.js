// Discovery at 1 000 000 agents with an approximate nearest-neighbour index (HNSW, `usearch` from the
// npm registry: a prebuilt binary inside the package, no build step) for the similarity key, an exact
// re-rank, and the spec's order kept (incoming likes, then recent participation, then similarity).
// Measured against the exact ranking (`rankTop`, the one GET /discover runs) on the same population:
// recall@20, time per new caller (wall and CPU), memory per agent, build time.
//   npm run build && node bench/discovery-ann.js [agents] [callers] [recent share]
//   (1 000 000 agents, 200 callers, 0.3 recently active by default)
//
// How the order is kept: the buckets are separate sets. Incoming likes are few (read per caller) and
// scored exactly. Recently active and not recently active agents live in two HNSW indexes (an agent
// moves between them when it takes part or when its last participation leaves the window); a caller's
// page takes the best of the recent index first and the other only when the recent bucket runs out.
// Each index returns a few more than the page (`OVERSAMPLE`), the already-swiped are dropped, and the
// rest is scored with the exact dot product of the exact ranking (`rowScore`) and sorted by (key, id).
const { LocalEmbedder, toVector } = require('../dist/libs/matching/src/domain/compatibility');
const {
  keyOf,
  rankTop,
  rowScore,
  RECENT_PARTICIPATION_MS,
} = require('../dist/libs/matching/src/domain/discovery-ranking');
const { CandidateMatrix } = require('../dist/libs/matching/src/domain/candidate-matrix');
const { seeded } = require('./synthetic-profiles');
const { Index } = require('usearch');

const N = Number(process.argv[2] ?? 1_000_000);
const CALLERS = Number(process.argv[3] ?? 200);
const RECENT_SHARE = Number(process.argv[4] ?? 0.3);
const LIMIT = 20;
/** HNSW parameters: graph degree, candidate list while building and while searching. */
const CONNECTIVITY = Number(process.env.ANN_M ?? 16);
const EXPANSION_ADD = Number(process.env.ANN_EF_ADD ?? 64);
const EXPANSION_SEARCH = Number(process.env.ANN_EF ?? 128);
/** Neighbours asked of an index per page entry still needed. */
const OVERSAMPLE = Number(process.env.ANN_OVERSAMPLE ?? 3);
/** The index's copy of each vector: half precision is enough to find neighbours (the re-rank is exact). */
const QUANTIZATION = process.env.ANN_QUANT ?? 'f16';

const { rnd, pick } = seeded(42);
const mib = (bytes) => Math.round(bytes / 2 ** 20);
const quantile = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

async function main() {
  const embedder = new LocalEmbedder();
  const now = Date.now();
  const t0 = performance.now();
  const matrix = new CandidateMatrix(
    112,
    [
      { end: 16, weight: 0.4 },
      { end: 48, weight: 0.35 },
      { end: 112, weight: 0.25 },
    ],
    N,
  );
  for (let i = 0; i < N; i++) {
    const e = await embedder.embed({
      personalityTraits: {
        openness: rnd(),
        conscientiousness: rnd(),
        extraversion: rnd(),
        agreeableness: rnd(),
        neuroticism: rnd(),
      },
      interests: pick(1 + Math.floor(rnd() * 5)),
      bio: pick(12).join(' '),
    });
    const recent = rnd() < RECENT_SHARE;
    const age = recent ? rnd() * 6 : 8 + rnd() * 60;
    matrix.upsert(`a${i}`, toVector(e), now - Math.floor(age * 86_400_000), null);
    if (i % 100_000 === 99_999)
      process.stderr.write(
        `\rembedded ${i + 1} (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
      );
  }
  const embedSeconds = (performance.now() - t0) / 1000;

  // The two bucket indexes; a key is the agent's row in the matrix.
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const config = {
    dimensions: 112,
    metric: 'ip',
    quantization: QUANTIZATION,
    connectivity: CONNECTIVITY,
    expansion_add: EXPANSION_ADD,
    expansion_search: EXPANSION_SEARCH,
  };
  const recentIndex = new Index(config);
  const staleIndex = new Index(config);
  const recentSince = now - RECENT_PARTICIPATION_MS;
  const rowsOf = { recent: [], stale: [] };
  for (let row = 0; row < matrix.rows; row++)
    rowsOf[matrix.lastParticipationMs[row] >= recentSince ? 'recent' : 'stale'].push(row);
  const t1 = performance.now();
  for (const [index, rows] of [
    [recentIndex, rowsOf.recent],
    [staleIndex, rowsOf.stale],
  ]) {
    const vectors = new Float32Array(rows.length * 112);
    rows.forEach((row, i) => vectors.set(matrix.vectorOf(matrix.ids[row]), i * 112));
    // Both cores (threads 0: usearch picks).
    index.add(BigUint64Array.from(rows, BigInt), vectors, 0);
  }
  const buildSeconds = (performance.now() - t1) / 1000;
  global.gc?.();
  const indexBytes = process.memoryUsage().rss - rssBefore;

  const callers = Array.from({ length: CALLERS }, (_, c) => (c * 7919 + 13) % N);
  const ann = [];
  const cpu = [];
  const exact = [];
  let hits = 0;
  let orderExact = 0;
  for (const callerRow of callers) {
    const callerId = matrix.ids[callerRow];
    const callerVector = matrix.vectorOf(callerId);
    // Each caller has swiped on 200 agents and been liked by 10 it has not swiped on.
    const swiped = new Set(
      Array.from({ length: 200 }, (_, k) => `a${(callerRow + 1 + k * 4999) % N}`),
    );
    const likedBy = new Set(
      Array.from({ length: 10 }, (_, k) => `a${(callerRow + 7 + k * 104_729) % N}`).filter(
        (id) => !swiped.has(id),
      ),
    );
    const q = { callerId, callerVector, swiped, likedBy, nowMs: now, limit: LIMIT };

    const c0 = process.cpuUsage();
    const s = performance.now();
    const page = annRank(matrix, q, recentIndex, staleIndex);
    ann.push(performance.now() - s);
    const c1 = process.cpuUsage(c0);
    cpu.push((c1.user + c1.system) / 1000);

    const e0 = performance.now();
    const truth = rankTop(matrix, q).ranked;
    exact.push(performance.now() - e0);
    const truthIds = new Set(truth.map((r) => r.id));
    hits += page.filter((r) => truthIds.has(r.id)).length;
    if (page.map((r) => r.id).join() === truth.map((r) => r.id).join()) orderExact++;
  }
  const round = (x) => Number(x.toFixed(2));
  const result = {
    date: new Date().toISOString(),
    agents: N,
    recentShare: RECENT_SHARE,
    callers: CALLERS,
    limit: LIMIT,
    index: {
      library: `usearch ${JSON.parse(require('node:fs').readFileSync(require('node:path').join(__dirname, '..', 'node_modules', 'usearch', 'package.json'), 'utf8')).version}`,
      metric: `inner product, ${QUANTIZATION}`,
      connectivity: CONNECTIVITY,
      expansionAdd: EXPANSION_ADD,
      expansionSearch: EXPANSION_SEARCH,
      oversample: OVERSAMPLE,
    },
    embedSeconds: round(embedSeconds),
    buildSeconds: round(buildSeconds),
    recallAt20: Number((hits / (CALLERS * LIMIT)).toFixed(4)),
    pagesInExactOrder: `${orderExact}/${CALLERS}`,
    perNewCallerMs: {
      p50: round(quantile(ann, 0.5)),
      p99: round(quantile(ann, 0.99)),
      max: round(Math.max(...ann)),
    },
    perNewCallerCpuMs: { p50: round(quantile(cpu, 0.5)), p99: round(quantile(cpu, 0.99)) },
    exactRankingMs: { p50: round(quantile(exact, 0.5)), p99: round(quantile(exact, 0.99)) },
    memory: {
      indexMiB: mib(indexBytes),
      indexBytesPerAgent: Math.round(indexBytes / N),
      matrixBytesPerAgent: 112 * 4 + 8 + 1,
      rssMiB: mib(process.memoryUsage().rss),
    },
  };
  console.log(JSON.stringify(result, null, 2));
}

/** Discovery's page for a new caller from the bucket indexes, re-ranked exactly. */
function annRank(matrix, q, recentIndex, staleIndex) {
  const recentSince = q.nowMs - RECENT_PARTICIPATION_MS;
  const self = matrix.rowOf.get(q.callerId);
  const seen = new Set();
  const page = [];
  const consider = (row) => {
    const id = matrix.ids[row];
    if (row === self || seen.has(row) || q.swiped.has(id) || !matrix.active[row]) return;
    seen.add(row);
    const score = rowScore(matrix, q.callerVector, row);
    const lastParticipationMs = matrix.lastParticipationMs[row];
    page.push({
      id,
      score,
      likedYou: q.likedBy.has(id),
      recentlyActive: lastParticipationMs >= recentSince,
      lastParticipationMs,
    });
  };
  // Bucket 1, exact: every incoming like.
  for (const id of q.likedBy) {
    const row = matrix.rowOf.get(id);
    if (row !== undefined) consider(row);
  }
  // Buckets 2 and 3: the nearest of each index, until the page is full.
  for (const index of [recentIndex, staleIndex]) {
    const wanted = q.limit - page.length;
    if (wanted <= 0 || index.size() === 0) break;
    const found = index.search(q.callerVector, Math.min(index.size(), OVERSAMPLE * wanted + 8), 1);
    for (const key of found.keys) consider(Number(key));
    // Re-rank what was found so far; the next bucket only fills what is still missing.
    page.sort(byKey);
    page.length = Math.min(page.length, q.limit);
  }
  return page.sort(byKey).slice(0, q.limit);
}

function byKey(a, b) {
  return keyOf(b) - keyOf(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
