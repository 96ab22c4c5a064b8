// What an AsyncLocalStorage entered per request costs the Nest pipeline: the floor (bench/nest-
// floor.js: Nest on Fastify, the validation pipe and the key guard, answering a constant) with an
// `onRequest` hook that runs the rest of the request in one (FLOOR_ASYNC_CONTEXT=run, as the
// service's request logging does for nestjs-pino's context) against the same hook without it
// (`hook`), alternated, under bench/run.js's load (autocannon, 64 connections, 10 s). Once any
// AsyncLocalStorage has been entered, Node 20 runs its hooks for every promise of the process, so
// `run` is what every request of the service pays (docs/http-pipeline-cost.md).
//   npm run build && node bench/async-context-cost.js [rounds=3] [data=bench/data/10000]
const { fork } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { loadavg } = require('node:os');
const { join, resolve } = require('node:path');
const { freePort, median, writeResult } = require('./lib');
const { measured } = require('./load');
const { benchRequests } = require('./requests');

const rounds = Number(process.argv[2] ?? 3);
const agentsFile = join(
  resolve(process.argv[3] ?? join(__dirname, 'data', '10000')),
  'agents.json',
);
const { agents } = JSON.parse(readFileSync(agentsFile, 'utf8'));
const { floorRequests } = benchRequests(agents, [], new Set());

async function floor(context) {
  const port = await freePort();
  const child = fork(join(__dirname, 'nest-floor.js'), [String(port), agentsFile], {
    env: { ...process.env, FLOOR_ASYNC_CONTEXT: context },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise((r) => child.once('message', r));
  try {
    const r = await measured(child.pid, `http://127.0.0.1:${port}`, floorRequests.GET);
    return {
      context,
      requestsPerSecond: Math.round(r.requests.average),
      cpuUsPerRequest: r.cpuUsPerRequest,
      p99ms: r.latency.p99,
      errors: r.errors + r.timeouts + r.non2xx,
    };
  } finally {
    child.kill();
  }
}

(async () => {
  const runs = [];
  for (let round = 1; round <= rounds; round++)
    for (const context of round % 2 ? ['hook', 'run'] : ['run', 'hook']) {
      const run = { round, ...(await floor(context)) };
      console.log(JSON.stringify(run));
      runs.push(run);
    }
  const cpu = (context) =>
    median(runs.filter((r) => r.context === context).map((r) => r.cpuUsPerRequest));
  const summary = { medianCpuUsPerRequest: { hook: cpu('hook'), run: cpu('run') } };
  console.log(JSON.stringify(summary));
  const file = writeResult(
    {
      date: new Date().toISOString(),
      agents: agentsFile,
      loadAverage: loadavg(),
      runs,
      summary,
    },
    'async-context-cost',
  );
  console.log(`written to ${file}`);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
