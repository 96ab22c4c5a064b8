// Two builds through the same benchmark scenarios, alternated: this checkout's bench/run.js with
// BENCH_ONLY=<filter> and BENCH_CHECKOUT=<build> (the harness and the data set are this checkout's,
// only the service and its CLI are the build's), round after round, which build goes first
// alternating, then each scenario's medians per build. On this machine the same build moves by a
// third between minutes, so one run of each says nothing about a change of a few percent; the
// median of several alternated runs, and the CPU ratio to the plain Nest route measured in the same
// run, say more.
//   node bench/scenario-compare.js <before checkout> <after checkout> <BENCH_ONLY filter> [rounds=3]
// A checkout is a directory holding a built dist/ and node_modules (a symlink will do):
//   git worktree add /tmp/before <commit> && ln -s "$PWD/node_modules" /tmp/before/ &&
//   (cd /tmp/before && npx tsc -p tsconfig.build.json && npx tsc-alias -p tsconfig.build.json)
// The other BENCH_* variables (BENCH_AGENTS, BENCH_DATA, BENCH_DISCOVER_WARMUP, …) are passed to
// every run. Each run writes its own result (its `conditions` name the build and the round); the
// comparison goes to bench/results/<minute>-scenario-compare.json, with what was done when a run
// fails.
const { execFileSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { loadavg } = require('node:os');
const { join, resolve } = require('node:path');
const { commitOf, median, writeResult } = require('./lib');

const [before, after] = process.argv.slice(2, 4).map((dir) => dir && resolve(dir));
const only = process.argv[4];
const rounds = Number(process.argv[5] ?? 3);
if (!before || !after || !only || !Number.isInteger(rounds) || rounds < 1) {
  console.error(
    'usage: node bench/scenario-compare.js <before checkout> <after checkout> <BENCH_ONLY filter> [rounds]',
  );
  process.exit(2);
}

/** One run of this checkout's bench/run.js on a build; the scenarios of the result it wrote. */
function runOnce(checkout, conditions) {
  const out = execFileSync(process.execPath, [join(__dirname, 'run.js')], {
    env: {
      ...process.env,
      BENCH_ONLY: only,
      BENCH_CHECKOUT: checkout,
      BENCH_CONDITIONS: conditions,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  }).toString();
  const file = /written to (.+\.json)/.exec(out)?.[1];
  if (!file) throw new Error(`bench/run.js wrote no result:\n${out}`);
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    file,
    results: report.results.map((r) => ({
      scenario: r.scenario,
      requestsPerSecond: r.requestsPerSecond,
      p99ms: r.p99ms,
      errors: r.errors,
      cpuUsPerRequest: r.cpuUsPerRequest,
      plainNestCpuUsPerRequest: r.plainNestCpuUsPerRequest,
      cpuRatioToPlainNest: r.cpuRatioToPlainNest,
    })),
  };
}

/** Each scenario's medians per build; refuses runs that did not measure the same scenarios. */
function summarise(runs) {
  const all = [...runs.before, ...runs.after];
  const names = (run) => run.results.map((r) => r.scenario).join(' | ');
  if (all[0].results.length === 0) throw new Error(`no scenario matched BENCH_ONLY=${only}`);
  const odd = all.find((run) => names(run) !== names(all[0]));
  if (odd) throw new Error(`${odd.file} measured ${names(odd)}, not ${names(all[0])}`);
  const summary = {};
  for (const scenario of all[0].results.map((r) => r.scenario)) {
    summary[scenario] = {};
    for (const name of ['before', 'after']) {
      const of = (key) =>
        runs[name].map((run) => run.results.find((r) => r.scenario === scenario)[key]);
      summary[scenario][name] = {
        requestsPerSecond: median(of('requestsPerSecond')),
        p99ms: median(of('p99ms')),
        errors: of('errors').reduce((a, b) => a + b, 0),
        cpuUsPerRequest: median(of('cpuUsPerRequest')),
        cpuRatioToPlainNest: median(of('cpuRatioToPlainNest')),
      };
    }
    const [b, a] = [summary[scenario].before, summary[scenario].after];
    console.log(
      `${scenario}: medians before ${b.cpuUsPerRequest} µs (CPU ratio ${b.cpuRatioToPlainNest}), after ${a.cpuUsPerRequest} µs (${a.cpuRatioToPlainNest}); p99 ${b.p99ms} → ${a.p99ms} ms; req/s ${b.requestsPerSecond} → ${a.requestsPerSecond}`,
    );
  }
  return summary;
}

function main() {
  const builds = {
    before: { checkout: before, commit: commitOf(before) },
    after: { checkout: after, commit: commitOf(after) },
  };
  const runs = { before: [], after: [] };
  const load = [loadavg()[0]];
  let summary = null;
  let failure = null;
  try {
    for (let i = 0; i < rounds; i++)
      for (const name of i % 2 ? ['after', 'before'] : ['before', 'after']) {
        const build = builds[name];
        const conditions = `scenario-compare: ${name} (${build.commit ?? build.checkout}), round ${i + 1} of ${rounds}`;
        const run = runOnce(build.checkout, conditions);
        runs[name].push(run);
        for (const r of run.results)
          console.log(
            `${name} ${i + 1}: ${r.scenario} ${r.requestsPerSecond} req/s, p99 ${r.p99ms} ms, ${r.cpuUsPerRequest} µs CPU (plain Nest ${r.plainNestCpuUsPerRequest} µs)`,
          );
      }
    summary = summarise(runs);
  } catch (error) {
    // What was measured before the failure is kept with it.
    failure = String(error?.stack ?? error);
    console.error(error);
  }
  load.push(loadavg()[0]);
  const file = writeResult(
    {
      date: new Date().toISOString(),
      only,
      rounds,
      before: builds.before,
      after: builds.after,
      env: Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('BENCH_'))),
      loadAverage: load,
      runs,
      summary,
      failure,
    },
    'scenario-compare',
  );
  console.log(`written ${file}`);
  if (failure) process.exitCode = 1;
}

main();
