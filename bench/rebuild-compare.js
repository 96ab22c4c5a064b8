// Inline rebuilds of two builds, alternated on the same data: `rebuild <projection> --inline` of
// each named projection, the CLI's start included, as bench/log-bench.js measures them.
//   node bench/rebuild-compare.js <before checkout> <after checkout> [rounds] [projection …]
// A checkout is a directory holding a built dist/ (bench/startup-compare.js says how to make one).
// The data set is the caught-up copy bench/log-bench.js keeps (bench/data/run-10000-1000000, or
// BENCH_DATA=<name under bench/data>). One rebuild at a time, each after the generations the
// rebuilds before it left are dropped (untimed, bench/drop-leftovers.js); rounds alternate which
// build goes first. This machine moves by a fifth between minutes: read the medians of several rounds.
const { loadavg } = require('node:os');
const { join, resolve } = require('node:path');
const { ROOT, dropLeftovers, median, runCli, writeComparison } = require('./lib');

const [before, after] = process.argv.slice(2, 4).map((dir) => dir && resolve(dir));
const rounds = Number(process.argv[4] ?? 4);
const projections = process.argv.length > 5 ? process.argv.slice(5) : ['feed', 'matching'];
const data = join(ROOT, 'bench', 'data', process.env.BENCH_DATA ?? 'run-10000-1000000');
if (!before || !after) {
  console.error(
    'usage: node bench/rebuild-compare.js <before checkout> <after checkout> [rounds] [projection …]',
  );
  process.exit(2);
}

function rebuild(checkout, projection) {
  const dropped = dropLeftovers(data);
  const t0 = process.hrtime.bigint();
  const out = runCli(['rebuild', projection, '--inline', '--json'], data, { checkout });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const rates = out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .filter((l) => l.eventsPerSecond)
    .map((l) => l.eventsPerSecond);
  return {
    seconds: Math.round(seconds * 100) / 100,
    engine: rates.at(-1) ?? null,
    droppedBefore: dropped || null,
  };
}

function main() {
  const runs = {};
  const load = [loadavg()[0]];
  for (const projection of projections) {
    runs[projection] = { before: [], after: [] };
    for (let i = 0; i < rounds; i++)
      for (const name of i % 2 ? ['after', 'before'] : ['before', 'after']) {
        const r = rebuild(name === 'before' ? before : after, projection);
        runs[projection][name].push(r);
        console.log(`${projection} ${name}: ${r.seconds} s (engine ${r.engine} events/s)`);
      }
  }
  load.push(loadavg()[0]);
  const summary = {};
  for (const projection of projections) {
    summary[projection] = {};
    for (const name of ['before', 'after']) {
      const seconds = median(runs[projection][name].map((r) => r.seconds));
      const engine = median(runs[projection][name].map((r) => r.engine));
      summary[projection][name] = { medianSeconds: seconds, medianEngineEventsPerSecond: engine };
      console.log(`${projection} ${name}: median ${seconds} s, engine ${engine} events/s`);
    }
  }
  writeComparison('rebuild-compare', { before, after, data, loadAverage: load, runs, summary });
}

main();
