// What other requests pay while a write with an Idempotency-Key is in flight. The built service on
// a copy of a data set (as bench/run.js starts it); each pass runs the pulse under bench/run.js's
// load (autocannon, 64 connections, 10 s) beside a side load of messages sent one after another by
// SIDE_WORKERS clients, either with a fresh Idempotency-Key each (`keyed`) or without (`plain`),
// alternated. The side messages differ only by their key, but a keyed one takes longer (its
// claim and its record are two more appends), so the keyed arm sends about half as many: the
// process's CPU per pulse counts the side messages' CPU too, a few percent of it in either arm.
// What moves the pulse beyond that is what the key's handling costs the requests around it
// (docs/idempotency.md, "What a key costs the other requests").
//   npm run build && node bench/keyed-writes-cost.js [rounds=3] [data=10000] [side workers=2]
//   BENCH_CHECKOUT=<dir> …   (another checkout's build)
const { cpSync, readFileSync, rmSync } = require('node:fs');
const { loadavg } = require('node:os');
const { join, resolve } = require('node:path');
const { randomUUID } = require('node:crypto');
const { ROOT, commitOf, median, startService, writeResult } = require('./lib');
const { measured } = require('./load');
const { benchRequests } = require('./requests');

const rounds = Number(process.argv[2] ?? 3);
const set = process.argv[3] ?? '10000';
const sideWorkers = Number(process.argv[4] ?? 2);
const source = join(ROOT, 'bench', 'data', set);
const checkout = resolve(process.env.BENCH_CHECKOUT ?? ROOT);
const { agents, matches } = JSON.parse(readFileSync(join(source, 'agents.json'), 'utf8'));
const pulse = benchRequests(agents, matches, new Set()).scenarios.find(([name]) =>
  name.includes('pulse'),
)[1];

/** Sends messages one after another on `workers` clients until `stop()`; counts them. */
function sideLoad(url, keyed, workers) {
  let running = true;
  let sent = 0;
  let failed = 0;
  let n = 0;
  const worker = async () => {
    while (running) {
      const m = matches[n++ % matches.length];
      const sender = agents[n % 2 ? m.a : m.b];
      const response = await fetch(`${url}/api/v1/matches/${m.id}/messages`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${sender.key}`,
          'content-type': 'application/json',
          ...(keyed ? { 'idempotency-key': randomUUID() } : {}),
        },
        body: JSON.stringify({ content: 'A side message while the pulse is measured.' }),
      });
      await response.arrayBuffer();
      if (response.ok) sent++;
      else failed++;
    }
  };
  const all = Array.from({ length: workers }, worker);
  return async () => {
    running = false;
    await Promise.all(all);
    return { sent, failed };
  };
}

async function pass(service, arm) {
  const stop = sideLoad(service.baseUrl, arm === 'keyed', sideWorkers);
  const r = await measured(service.child.pid, service.baseUrl, pulse);
  const side = await stop();
  return {
    arm,
    requestsPerSecond: Math.round(r.requests.average),
    p99ms: r.latency.p99,
    // The process's CPU over the pass divided by the pulses: the side messages' CPU is in it,
    // the same in both arms but for their keys.
    cpuUsPerPulse: r.cpuUsPerRequest,
    errors: r.errors + r.timeouts + r.non2xx,
    sideMessages: side.sent,
    sideFailed: side.failed,
  };
}

(async () => {
  const work = join(ROOT, 'bench', 'data', `run-${set}-keyed`);
  rmSync(work, { recursive: true, force: true });
  cpSync(source, work, { recursive: true });
  const service = await startService(
    work,
    {},
    join(checkout, 'dist', 'apps', 'api', 'src', 'main.js'),
  );
  const runs = [];
  try {
    // One pass first so every arm meets warm documents and a jitted service.
    await pass(service, 'plain');
    for (let round = 1; round <= rounds; round++)
      for (const arm of round % 2 ? ['plain', 'keyed'] : ['keyed', 'plain']) {
        const run = { round, ...(await pass(service, arm)) };
        console.log(JSON.stringify(run));
        runs.push(run);
      }
  } finally {
    await service.stop();
    rmSync(work, { recursive: true, force: true });
  }
  const med = (arm, field) => median(runs.filter((r) => r.arm === arm).map((r) => r[field]));
  const summary = Object.fromEntries(
    ['plain', 'keyed'].map((arm) => [
      arm,
      {
        requestsPerSecond: med(arm, 'requestsPerSecond'),
        cpuUsPerPulse: med(arm, 'cpuUsPerPulse'),
        p99ms: med(arm, 'p99ms'),
        sideMessages: med(arm, 'sideMessages'),
      },
    ]),
  );
  console.log(JSON.stringify(summary));
  const file = writeResult(
    {
      date: new Date().toISOString(),
      build: { checkout, commit: commitOf(checkout) },
      data: set,
      sideWorkers,
      loadAverage: loadavg(),
      conditions: process.env.BENCH_CONDITIONS ?? null,
      runs,
      summary,
    },
    'keyed-writes-cost',
  );
  console.log(`written to ${file}`);
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
