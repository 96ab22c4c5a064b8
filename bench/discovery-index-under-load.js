// How long discovery's similarity index takes to be built while new callers keep coming
// (docs/discovery-index.md, "The first discover after a start"): the service on a copy of a data
// set at or above DISCOVERY_INDEX_MIN_AGENTS, one discover that starts the build (as bench/run.js's
// BENCH_DISCOVER_WARMUP does), then new callers at once, as the `GET /discover` scenario sends them
// (64 connections, each request with the next agent's key), until the service logs that the index
// is built and 15 s more, or until the time given. Reports when the index was built and the
// callers' req/s, p50 and p99 in windows of 5 s (the last one as long as the run lasted). The
// service's log is read from its standard output here (bench/run.js drops it). DISCOVERY_WORKERS
// and DISCOVERY_INDEX_MIN_AGENTS pass to the service and are recorded; BENCH_CHECKOUT=<dir> runs
// another checkout's build.
//   npm run build && node bench/discovery-index-under-load.js [data set=10000+100000] [max s=300]
const { cpSync, readFileSync, rmSync } = require('node:fs');
const { cpus, loadavg } = require('node:os');
const { join, resolve } = require('node:path');
const autocannon = require('autocannon');
const { ROOT, commitOf, startService, writeResult } = require('./lib');

const [set = '10000+100000', maxSeconds = '300'] = process.argv.slice(2);
const CHECKOUT = resolve(process.env.BENCH_CHECKOUT ?? ROOT);
const WINDOW_MS = 5_000;
const AFTER_BUILT_MS = 15_000;

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : null;
}

async function main() {
  const source = join(ROOT, 'bench', 'data', set);
  const { agents } = JSON.parse(readFileSync(join(source, 'agents.json'), 'utf8'));
  const work = join(ROOT, 'bench', 'data', `run-${set}-index-under-load`);
  rmSync(work, { recursive: true, force: true });
  cpSync(source, work, { recursive: true });
  let builtAt = null;
  let builtLine = null;
  const service = await startService(
    work,
    {},
    join(CHECKOUT, 'dist', 'apps', 'api', 'src', 'main.js'),
    (line) => {
      if (builtAt === null && line.includes('similarity index built')) {
        builtAt = Date.now();
        builtLine = line;
      }
    },
  );
  try {
    const auth = (key) => ({ authorization: `Bearer ${key}` });
    const url = `${service.baseUrl}/api/v1/discover?limit=20`;
    const startedAt = Date.now();
    const first = await fetch(url, { headers: auth(agents[0].key) });
    if (!first.ok) throw new Error(`the first discover answered ${first.status}`);
    const answers = []; // [ms since the first discover, latency ms]
    let next = 1;
    const load = autocannon({
      url: service.baseUrl,
      connections: 64,
      duration: Number(maxSeconds),
      requests: [
        {
          method: 'GET',
          path: '/api/v1/discover?limit=20',
          setupRequest: (req) => ({ ...req, headers: auth(agents[next++ % agents.length].key) }),
        },
      ],
    });
    let errors = 0;
    load.on('response', (_client, status, _bytes, latency) => {
      if (status !== 200) errors++;
      answers.push([Date.now() - startedAt, latency]);
    });
    load.on('reqError', () => errors++); // a timeout, a reset
    const stopper = setInterval(() => {
      if (builtAt !== null && Date.now() - builtAt >= AFTER_BUILT_MS) load.stop();
    }, 200);
    await new Promise((done) => load.on('done', done));
    clearInterval(stopper);
    const windows = [];
    const endMs = answers.at(-1)?.[0] ?? 0;
    for (let from = 0; from < endMs; from += WINDOW_MS) {
      const latencies = answers
        .filter(([at]) => at >= from && at < from + WINDOW_MS)
        .map(([, ms]) => ms)
        .sort((a, b) => a - b);
      windows.push({
        fromS: from / 1000,
        requestsPerSecond: Math.round(
          latencies.length / (Math.min(WINDOW_MS, endMs - from) / 1000),
        ),
        p50ms: Math.round(percentile(latencies, 0.5) ?? NaN),
        p99ms: Math.round(percentile(latencies, 0.99) ?? NaN),
      });
    }
    const result = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
      commit: commitOf(CHECKOUT),
      dataSet: set,
      agents: agents.length,
      conditions: process.env.BENCH_CONDITIONS ?? null,
      // Unset: the service's defaults (docs/discovery-index.md, "Configuration").
      discoveryWorkers: process.env.DISCOVERY_WORKERS ?? null,
      discoveryIndexMinAgents: process.env.DISCOVERY_INDEX_MIN_AGENTS ?? null,
      loadAverage: loadavg()[0],
      builtAfterS: builtAt === null ? null : Math.round((builtAt - startedAt) / 100) / 10,
      builtLine,
      errors,
      windows,
    };
    for (const w of windows)
      console.log(
        `${w.fromS} s: ${w.requestsPerSecond} req/s, p50 ${w.p50ms} ms, p99 ${w.p99ms} ms`,
      );
    console.log(
      result.builtAfterS === null
        ? `the index was not built within ${maxSeconds} s`
        : `the index was built ${result.builtAfterS} s after the first discover`,
    );
    console.log(`written ${writeResult(result, 'discovery-index-under-load')}`);
  } finally {
    const exited = new Promise((done) => service.child.once('exit', done));
    service.child.kill();
    await exited;
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
