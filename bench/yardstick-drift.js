// How much the yardstick itself moves: the plain Nest GET (bench/nest-plain.js) under the load of
// bench/run.js, several passes in one process and then one pass in each of as many new processes,
// with the server's CPU per request (split as in bench/run.js), the cores it kept busy, and the
// load generator's cores (this process: autocannon). A server at one core with the generator well
// under one measures the server; the same code's CPU per request moving from pass to pass then
// measures the machine (docs/benchmarks.md, "The yardstick moves").
//   node bench/yardstick-drift.js [passes=5]      (BENCH_SECONDS sets a pass's length, 10 s)
const { spawnSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { cpus, loadavg, release } = require('node:os');
const { DURATION, measured, startReference } = require('./load');
const { commitOf, ROOT, writeResult } = require('./lib');

const passes = Number(process.argv[2] ?? 5);
const REQUESTS = [{ method: 'GET', path: '/api/v1/plain' }];

/** The machine's steal time so far, in clock ticks (/proc/stat's eighth column, all CPUs). */
const stealTicks = () => Number(readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/)[8]);

/** Whether Linux perf counts this machine's CPU cycles (some virtual machines hide them). */
function cycleCounter() {
  const r = spawnSync('perf', ['stat', '-x,', '-e', 'cycles', 'true'], { encoding: 'utf8' });
  if (r.error) return `no perf (${r.error.code})`;
  return r.stderr.includes('<not supported>') ? 'not supported' : 'counted';
}

async function pass(server, which) {
  const steal = stealTicks();
  const r = await measured(server.child.pid, server.url, REQUESTS);
  const run = {
    process: which,
    requestsPerSecond: Math.round(r.requests.average),
    cpuUsPerRequest: r.cpuUsPerRequest,
    cpuSplitUsPerRequest: r.cpuSplitUsPerRequest,
    serverCores: Number(((r.requests.average * r.cpuUsPerRequest) / 1e6).toFixed(2)),
    loadGeneratorCores: r.loadGeneratorCores,
    // Time the hypervisor ran something else on this machine's CPUs, if the kernel is told of it.
    stealTicks: stealTicks() - steal,
  };
  console.log(JSON.stringify(run));
  return run;
}

async function main() {
  const runs = [];
  const same = await startReference('nest-plain.js');
  try {
    for (let i = 0; i < passes; i++) runs.push(await pass(same, 'the same'));
  } finally {
    same.child.kill();
  }
  for (let i = 0; i < passes; i++) {
    const fresh = await startReference('nest-plain.js');
    try {
      runs.push(await pass(fresh, 'a new one'));
    } finally {
      fresh.child.kill();
    }
  }
  const file = writeResult(
    {
      date: new Date().toISOString(),
      commit: commitOf(ROOT),
      machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
      kernel: release(),
      cycleCounter: cycleCounter(),
      passSeconds: DURATION,
      loadAverage: loadavg(),
      runs,
    },
    'yardstick-drift',
  );
  console.log(`written to ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
