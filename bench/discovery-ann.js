// Discovery at 1 000 000 agents with the approximate nearest-neighbour index GET /discover uses from
// DISCOVERY_INDEX_MIN_AGENTS on (`SimilarityIndex`, libs/matching/src/application/similarity-index.ts:
// HNSW from `usearch`, a prebuilt binary inside the package, no build step): candidates from two
// bucket indexes, an exact re-rank, and the spec's order kept (incoming likes, then recent
// participation, then similarity). Measured against the exact ranking (`rankTop`, the one GET
// /discover runs below the threshold) on the same population: recall@20, time per new caller (wall
// and CPU), memory per agent, build time (built as a ranking worker builds it: in slices, on
// ANN_BUILD_THREADS threads of usearch's own, 1 by default as in the worker).
//   npm run build && node --expose-gc bench/discovery-ann.js [agents] [callers] [recent share]
//   (1 000 000 agents, 200 callers, 0.3 recently active by default; ANN_SWIPES agents each caller
//   has swiped on, 200 by default: each makes the index's search one neighbour longer;
//   ANN_QUANTIZATION i8, f16 or f32, how the index stores a vector; ANN_SPARSE, the share of
//   profiles without interests and bio, 0 by default: their vectors are shorter)
const { rankTop } = require('../dist/libs/matching/src/domain/discovery-ranking');
const {
  SimilarityIndex,
  SIMILARITY_INDEX_DEFAULTS,
} = require('../dist/libs/matching/src/application/similarity-index');
const { syntheticMatrix, syntheticQuery } = require('./synthetic-profiles');
const { quantile } = require('./lib');

const N = Number(process.argv[2] ?? 1_000_000);
const CALLERS = Number(process.argv[3] ?? 200);
const RECENT_SHARE = Number(process.argv[4] ?? 0.3);
const LIMIT = 20;
const SWIPES = Number(process.env.ANN_SWIPES ?? 200);
/** HNSW parameters: graph degree, candidate list while building and while searching. */
const OPTIONS = {
  connectivity: Number(process.env.ANN_M ?? SIMILARITY_INDEX_DEFAULTS.connectivity),
  expansionAdd: Number(process.env.ANN_EF_ADD ?? SIMILARITY_INDEX_DEFAULTS.expansionAdd),
  expansionSearch: Number(process.env.ANN_EF ?? SIMILARITY_INDEX_DEFAULTS.expansionSearch),
  /** Neighbours asked of an index per page entry still needed. */
  oversample: Number(process.env.ANN_OVERSAMPLE ?? SIMILARITY_INDEX_DEFAULTS.oversample),
  quantization: process.env.ANN_QUANTIZATION ?? SIMILARITY_INDEX_DEFAULTS.quantization,
};
const SPARSE = Number(process.env.ANN_SPARSE ?? 0);
const BUILD_THREADS = Number(process.env.ANN_BUILD_THREADS ?? 1);

const mib = (bytes) => Math.round(bytes / 2 ** 20);

async function main() {
  const now = Date.now();
  const t0 = performance.now();
  const matrix = await syntheticMatrix({
    agents: N,
    recentShare: RECENT_SHARE,
    sparse: SPARSE,
    now,
  });
  const embedSeconds = (performance.now() - t0) / 1000;

  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const t1 = performance.now();
  const index = new SimilarityIndex(matrix, now, OPTIONS);
  while (!index.build(1000, 256, BUILD_THREADS));
  const buildSeconds = (performance.now() - t1) / 1000;
  global.gc?.();
  const indexBytes = process.memoryUsage().rss - rssBefore;

  const callers = Array.from({ length: CALLERS }, (_, c) => (c * 7919 + 13) % N);
  // Each caller has swiped on SWIPES agents and been liked by 10 it has not swiped on.
  const queries = callers.map((row) =>
    syntheticQuery(matrix, row, { swipes: SWIPES, now, limit: LIMIT }),
  );
  // Every timed search first, the exact scans for the recall after them: a 1 000 000-row scan
  // allocates and touches hundreds of MB, and its garbage would otherwise be collected inside the
  // next caller's timed search (which a service, running no scans, never pays).
  global.gc?.();
  const ann = [];
  const cpu = [];
  const pages = queries.map((q) => {
    const c0 = process.cpuUsage();
    const s = performance.now();
    const page = index.rank(q).ranked;
    ann.push(performance.now() - s);
    const c1 = process.cpuUsage(c0);
    cpu.push((c1.user + c1.system) / 1000);
    return page;
  });
  const exact = [];
  let hits = 0;
  let orderExact = 0;
  queries.forEach((q, i) => {
    const e0 = performance.now();
    const truth = rankTop(matrix, q).ranked;
    exact.push(performance.now() - e0);
    const truthIds = new Set(truth.map((r) => r.id));
    hits += pages[i].filter((r) => truthIds.has(r.id)).length;
    if (pages[i].map((r) => r.id).join() === truth.map((r) => r.id).join()) orderExact++;
  });
  const round = (x) => Number(x.toFixed(2));
  const result = {
    date: new Date().toISOString(),
    agents: N,
    recentShare: RECENT_SHARE,
    swipesPerCaller: SWIPES,
    sparseShare: SPARSE,
    callers: CALLERS,
    limit: LIMIT,
    index: {
      library: `usearch ${JSON.parse(require('node:fs').readFileSync(require('node:path').join(__dirname, '..', 'node_modules', 'usearch', 'package.json'), 'utf8')).version}`,
      metric: `inner product, ${OPTIONS.quantization}`,
      ...OPTIONS,
      buildThreads: BUILD_THREADS,
    },
    command: ['node', ...process.execArgv, ...process.argv.slice(1)].join(' '),
    loadAverage: require('node:os')
      .loadavg()
      .map((x) => Number(x.toFixed(2))),
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

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
