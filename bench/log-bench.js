// Start-up and projection throughput on a large log (bench/grow-log.js makes one):
// 1. the first start catches the read models up with the events the log grew by (all projections
//    at once); the caught-up copy is kept in bench/data/run-<name> and reused by later runs;
// 2. a second start on caught-up read models: the start-up time;
// 3. an inline rebuild of each named projection from position 0: the rebuild throughput, each after
//    the generations the rebuilds before it left are dropped (untimed, bench/drop-leftovers.js).
//   node bench/log-bench.js 10000-1000000 [projection …]     (default: every projection)
const { cpSync, existsSync } = require('node:fs');
const { cpus, loadavg, totalmem } = require('node:os');
const { join } = require('node:path');
const {
  ROOT,
  commitOf,
  dropLeftovers,
  nodeFlagsUsed,
  runCli,
  startService,
  writeResult,
} = require('./lib');

const name = process.argv[2] ?? '10000-1000000';

async function main() {
  const work = join(ROOT, 'bench', 'data', `run-${name}`);
  if (!existsSync(join(work, 'events.db')))
    cpSync(join(ROOT, 'bench', 'data', name), work, { recursive: true });
  const first = await startService(work);
  const events = first.health.eventStore.head;
  const projections =
    process.argv.length > 3 ? process.argv.slice(3) : first.health.projections.map((p) => p.name);
  await first.stop();
  console.log(
    `first start (catch-up where needed): ${Math.round(first.startupMs)} ms, ${events} events`,
  );
  const starts = [];
  for (let i = 0; i < 3; i++) {
    const s = await startService(work);
    starts.push(Math.round(s.startupMs));
    await s.stop();
  }
  console.log(`start-up on caught-up read models: ${starts.join(', ')} ms`);
  const rebuilds = [];
  for (const projection of projections) {
    const dropped = dropLeftovers(work);
    if (dropped) console.log(`dropped before the rebuild of ${projection}: ${dropped}`);
    const t0 = Date.now();
    const out = runCli(['rebuild', projection, '--inline', '--json'], work);
    const seconds = (Date.now() - t0) / 1000;
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const rates = lines.filter((l) => l.eventsPerSecond).map((l) => l.eventsPerSecond);
    const r = {
      projection,
      seconds,
      eventsPerSecond: Math.round(events / seconds),
      engineReported: rates.length ? rates[rates.length - 1] : null,
      droppedBefore: dropped || null,
    };
    console.log(
      `rebuild ${projection}: ${seconds} s, ${r.eventsPerSecond} events/s (process start included; engine: ${r.engineReported})`,
    );
    rebuilds.push(r);
  }
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    conditions: process.env.BENCH_CONDITIONS ?? null,
    // The source's commit, as bench/run.js records it; dist/ is what ran (npm run build first).
    build: { checkout: ROOT, commit: commitOf(ROOT) },
    nodeFlags: nodeFlagsUsed(),
    loadAverage: loadavg().map((x) => Number(x.toFixed(2))),
    events,
    firstStartMs: Math.round(first.startupMs),
    startupMs: starts,
    rebuilds,
  };
  writeResult(report, `log-${name}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
