// Discovery's similarity index with its vectors stored each way usearch offers here (8-bit
// integers, half and single precision floats), on one synthetic population in one process: each
// index is built in turn, in ANN_KINDS's order (its build time; the memory of one index is
// bench/discovery-ann.js's, one index a process), its recall@20 taken against the exact ranking,
// then every caller's ranking is timed on each index in turn, the order rotating caller by caller,
// for several rounds. The same index measured a minute apart moved by up to four fifths on this
// machine (docs/discovery-index-quantization.md): only an alternation inside one process compares
// them.
//   npm run build && node --expose-gc bench/ann-quantization-cost.js [agents=100000]
//     [callers=1000] [recent share=1] [rounds=5]
//   ANN_KINDS=i8,f16,f32 (the ways compared), ANN_SWIPES=5 (agents each caller has swiped on),
//   ANN_SPARSE=0 (the share of profiles without interests or bio: shorter vectors)
// The result goes to bench/results/<minute>-ann-quantization-cost.json.
const { loadavg } = require('node:os');
const { join } = require('node:path');
const { rankTop } = require('../dist/libs/matching/src/domain/discovery-ranking');
const {
  SimilarityIndex,
  SIMILARITY_INDEX_DEFAULTS,
} = require('../dist/libs/matching/src/application/similarity-index');
const { syntheticMatrix, syntheticQuery } = require('./synthetic-profiles');
const { commitOf, median, quantile, writeResult } = require('./lib');

const [agents = 100_000, callers = 1000, recentShare = 1, rounds = 5] = process.argv
  .slice(2)
  .map(Number);
const KINDS = (process.env.ANN_KINDS ?? 'i8,f16,f32').split(',');
for (const kind of KINDS)
  if (!['i8', 'f16', 'f32'].includes(kind))
    throw new Error(`ANN_KINDS: "${kind}" is not i8, f16 or f32`);
const SWIPES = Number(process.env.ANN_SWIPES ?? 5);
const SPARSE = Number(process.env.ANN_SPARSE ?? 0);
const LIMIT = 20;

const ms = (ns) => Number(ns) / 1e6;
const round3 = (x) => Number(x.toFixed(3));

const lengthOf = (v) => Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));

async function main() {
  const now = Date.now();
  const matrix = await syntheticMatrix({ agents, recentShare, sparse: SPARSE, now });
  process.stderr.write('\n');
  const queries = Array.from({ length: callers }, (_, c) =>
    syntheticQuery(matrix, (c * 7919 + 13) % agents, { swipes: SWIPES, now, limit: LIMIT }),
  );
  const truths = queries.map((q) => new Set(rankTop(matrix, q).ranked.map((r) => r.id)));

  const indexes = {};
  const built = {};
  for (const kind of KINDS) {
    global.gc?.();
    const start = process.hrtime.bigint();
    const options = { ...SIMILARITY_INDEX_DEFAULTS, quantization: kind };
    const index = (indexes[kind] = new SimilarityIndex(matrix, now, options));
    while (!index.build(1000));
    const buildSeconds = ms(process.hrtime.bigint() - start) / 1000;
    global.gc?.();
    // Recall apart for callers whose own vector is shorter (a block left empty).
    const hits = { full: [0, 0], short: [0, 0] };
    queries.forEach((q, i) => {
      const found = index.rank(q).ranked.filter((r) => truths[i].has(r.id)).length;
      const tally = hits[lengthOf(q.callerVector) > 0.999 ? 'full' : 'short'];
      tally[0] += found;
      tally[1] += truths[i].size;
    });
    const share = ([found, asked]) => (asked ? Number((found / asked).toFixed(4)) : null);
    built[kind] = {
      buildSeconds: round3(buildSeconds),
      recallAt20: share([hits.full[0] + hits.short[0], hits.full[1] + hits.short[1]]),
      recallAt20FullCallers: share(hits.full),
      recallAt20ShortCallers: share(hits.short),
    };
    process.stderr.write(`${kind}: ${JSON.stringify(built[kind])}\n`);
  }

  // The process's CPU time: usearch searches on the calling thread (one thread a query).
  const perRound = [];
  for (let r = 0; r < rounds; r++) {
    const times = Object.fromEntries(KINDS.map((k) => [k, []]));
    queries.forEach((q, i) => {
      for (let j = 0; j < KINDS.length; j++) {
        const kind = KINDS[(i + r + j) % KINDS.length];
        const cpu = process.cpuUsage();
        indexes[kind].rank(q);
        const used = process.cpuUsage(cpu);
        times[kind].push((used.user + used.system) / 1000);
      }
    });
    const summary = Object.fromEntries(
      KINDS.map((k) => [
        k,
        { p50: round3(median(times[k])), p99: round3(quantile(times[k], 0.99)) },
      ]),
    );
    perRound.push(summary);
    process.stderr.write(`round ${r + 1}: ${JSON.stringify(summary)}\n`);
  }
  const report = {
    date: new Date().toISOString(),
    commit: commitOf(join(__dirname, '..')),
    command: ['node', ...process.execArgv, ...process.argv.slice(1)].join(' '),
    agents,
    callers,
    recentShare,
    swipesPerCaller: SWIPES,
    sparseShare: SPARSE,
    shortCallers: queries.filter((q) => lengthOf(q.callerVector) <= 0.999).length,
    loadAverage: loadavg().map((x) => Number(x.toFixed(2))),
    index: { ...SIMILARITY_INDEX_DEFAULTS, quantization: KINDS },
    built,
    cpuMsPerCaller: perRound,
    medianOfRounds: Object.fromEntries(
      KINDS.map((k) => [k, round3(median(perRound.map((s) => s[k].p50)))]),
    ),
  };
  console.log(JSON.stringify(report, null, 2));
  console.log(writeResult(report, 'ann-quantization-cost'));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
