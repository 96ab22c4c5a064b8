// Load benchmarks (not part of npm test): the built service on the embedded default with
// RATE_LIMITS=off against a generated data set, many agents each with its own key, and the same
// load generator against a bare Fastify route (the ceiling) in the same run — measured again just
// before each scenario, because this machine's ceiling moves by a third from minute to minute. Beside
// it the floor (bench/nest-floor.js): the service's own Nest pipeline answering a constant, which
// shows how much of the ceiling the stack itself leaves before any of Companion's work.
//   npm run bench                 (10 000 agents; generates the data set first if missing)
//   BENCH_AGENTS=100000 npm run bench
//   BENCH_ONLY=first-byte npm run bench   (only the public pages' first-byte time, bench/first-byte.js)
const { fork, execFileSync } = require('node:child_process');
const { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { cpus, totalmem } = require('node:os');
const { join } = require('node:path');
const autocannon = require('autocannon');
const { measureFirstByte } = require('./first-byte');
const { freePort, ROOT, startService } = require('./lib');

const N = Number(process.env.BENCH_AGENTS ?? 10_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
/** Requests of the cold pass: one per agent, at most this many. */
const COLD_PASS = Number(process.env.BENCH_COLD ?? 10_000);
/** Agents of the "asked again" scenario. */
const AGAIN = 1_000;
const source = join(ROOT, 'bench', 'data', String(N));

function load(url, requests, amount) {
  const run = amount ? { amount } : { duration: DURATION };
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, requests, ...run }, (err, r) =>
      err ? reject(err) : resolve(r),
    );
  });
}

function summary(name, r, ceiling, floor) {
  const rps = r.requests.average;
  return {
    scenario: name,
    requestsPerSecond: Math.round(rps),
    p50ms: r.latency.p50,
    p99ms: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    ratioToCeiling: ceiling ? Number((rps / ceiling).toFixed(3)) : 1,
    ...(floor ? { ratioToFloor: Number((rps / floor).toFixed(3)) } : {}),
  };
}

/** Runs a reference server (`script` answers 'ready' once listening) under the same load generator. */
async function reference(script, requests, args = []) {
  const port = await freePort();
  const child = fork(join(__dirname, script), [String(port), ...args], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise((r) => child.once('message', r));
  try {
    return await load(`http://127.0.0.1:${port}`, requests);
  } finally {
    child.kill();
  }
}

async function main() {
  if (!existsSync(join(source, 'agents.json')))
    execFileSync(process.execPath, [join(__dirname, 'generate.js'), String(N)], {
      stdio: 'inherit',
    });
  const { agents, matches } = JSON.parse(readFileSync(join(source, 'agents.json'), 'utf8'));
  // Each run writes into a copy, so the generated set stays as it was.
  const work = join(ROOT, 'bench', 'data', `run-${N}`);
  rmSync(work, { recursive: true, force: true });
  cpSync(source, work, { recursive: true });

  const results = [];
  let firstByte = [];
  const ceilings = [];
  const floors = [];

  const service = await startService(work);
  try {
    const url = service.baseUrl;
    let i = 0;
    const key = () => agents[(i++ * 7919) % agents.length].key;
    const auth = (k) => ({ authorization: `Bearer ${k}` });
    // The floor's two routes, called as the scenarios call theirs: a GET, and a POST with a swipe body.
    const floorRequests = {
      GET: [
        {
          method: 'GET',
          path: '/api/v1/floor',
          setupRequest: (req) => ({ ...req, headers: auth(key()) }),
        },
      ],
      POST: [
        {
          method: 'POST',
          path: '/api/v1/floor',
          setupRequest: (req) => ({
            ...req,
            headers: { ...auth(key()), 'content-type': 'application/json' },
            body: JSON.stringify({ targetAgentId: agents[i % agents.length].id, liked: false }),
          }),
        },
      ],
    };
    const scenarios = [
      [
        'GET /agents/me/pulse',
        [
          {
            method: 'GET',
            path: '/api/v1/agents/me/pulse',
            setupRequest: (req) => ({ ...req, headers: auth(key()) }),
          },
        ],
      ],
      [
        'GET /discover',
        [
          {
            method: 'GET',
            path: '/api/v1/discover?limit=20',
            setupRequest: (req) => ({ ...req, headers: auth(key()) }),
          },
        ],
      ],
      // The same few agents asking again (a runtime polling): their kept rankings are patched.
      [
        'GET /discover, asked again',
        [
          {
            method: 'GET',
            path: '/api/v1/discover?limit=20',
            setupRequest: (req) => ({ ...req, headers: auth(agents[i++ % AGAIN].key) }),
          },
        ],
        AGAIN,
      ],
      [
        'POST /swipe',
        [
          {
            method: 'POST',
            path: '/api/v1/swipe',
            setupRequest: (req) => {
              const n = i++;
              const swiper = agents[n % agents.length];
              // Never the swiper itself (that is a 400, not a swipe), and each round over the agents
              // on other targets: a repeated swipe is an idempotent no-op, not the write measured here.
              const t = (n * 104729 + Math.floor(n / agents.length) * 7919 + 17) % agents.length;
              const target = agents[t === n % agents.length ? (t + 1) % agents.length : t];
              return {
                ...req,
                headers: { ...auth(swiper.key), 'content-type': 'application/json' },
                body: JSON.stringify({ targetAgentId: target.id, liked: false }),
              };
            },
          },
        ],
      ],
      [
        'POST /matches/{id}/messages',
        [
          {
            method: 'POST',
            path: '/',
            setupRequest: (req) => {
              const m = matches[i++ % matches.length];
              const sender = agents[i % 2 ? m.a : m.b];
              return {
                ...req,
                path: `/api/v1/matches/${m.id}/messages`,
                headers: { ...auth(sender.key), 'content-type': 'application/json' },
                body: JSON.stringify({
                  content: 'A benchmark message of ordinary length, about tea and maps.',
                }),
              };
            },
          },
        ],
      ],
    ];
    const only = process.env.BENCH_ONLY;
    for (const [name, requests, callers = agents.length] of scenarios.filter(
      ([n]) => !only || n.includes(only),
    )) {
      const bare = await reference('ceiling.js', [{ method: 'GET', path: '/ceiling' }]);
      const ceilingRps = bare.requests.average;
      ceilings.push(summary('bare Fastify route (ceiling)', bare, 0));
      const verb = requests[0].method;
      const floor = await reference('nest-floor.js', floorRequests[verb], [
        join(source, 'agents.json'),
      ]);
      const floorRps = floor.requests.average;
      floors.push(
        summary(`${verb} through the Nest pipeline, nothing behind it (floor)`, floor, ceilingRps),
      );
      process.stdout.write(
        `${name} (ceiling ${Math.round(ceilingRps)} req/s, Nest floor ${Math.round(floorRps)})… `,
      );
      // First a cold pass, one request per agent up to BENCH_COLD (after a restart nothing of theirs
      // is in memory: documents, stream states, this minute's check-in), then the measured steady state.
      i = 0;
      const cold = summary(
        name,
        await load(url, requests, Math.min(callers, COLD_PASS)),
        ceilingRps,
      );
      const r = {
        ...summary(name, await load(url, requests), ceilingRps, floorRps),
        ceilingRps: Math.round(ceilingRps),
        floorRps: Math.round(floorRps),
        coldPass: cold,
      };
      console.log(
        `${r.requestsPerSecond} req/s, p50 ${r.p50ms} ms, p99 ${r.p99ms} ms, errors ${r.errors}, ${r.ratioToCeiling} of the ceiling, ${r.ratioToFloor} of the floor (cold pass: ${cold.requestsPerSecond} req/s, p99 ${cold.p99ms} ms)`,
      );
      results.push(r);
    }
    if (!only || only === 'first-byte') {
      firstByte = await measureFirstByte(url);
      for (const r of firstByte)
        console.log(
          `GET ${r.page}: first byte p50 ${r.p50ms} ms, p99 ${r.p99ms} ms (${r.samples} requests one at a time)`,
        );
    }
  } finally {
    await service.stop();
  }

  if (process.env.BENCH_ONLY) return;
  // Start-up on the data set (projections already caught up), then a rebuild of every projection.
  const restart = await startService(work);
  const startupMs = Math.round(restart.startupMs);
  const events = restart.health.eventStore.head;
  await restart.stop();
  const t0 = Date.now();
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'dist', 'apps', 'cli', 'src', 'main.js'),
      'rebuild',
      'agents',
      '--inline',
      '--json',
    ],
    { env: { ...process.env, DATA_DIR: work } },
  );
  const rebuildSeconds = (Date.now() - t0) / 1000;

  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    dataSet: { agents: N, matches: matches.length, events },
    load: { connections: CONNECTIONS, seconds: DURATION, tool: 'autocannon' },
    ceilings,
    floors,
    results,
    firstByte,
    startupMs,
    rebuild: {
      projection: 'agents',
      events,
      seconds: rebuildSeconds,
      eventsPerSecond: Math.round(events / rebuildSeconds),
    },
  };
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  const file = join(ROOT, 'bench', 'results', `${report.date.slice(0, 10)}-${N}-agents.json`);
  writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
  console.log(
    `\nstart-up ${startupMs} ms with ${events} events; rebuild of "agents" ${report.rebuild.eventsPerSecond} events/s (the log read whole, the agents events applied)`,
  );
  console.log(`written to ${file}`);
  rmSync(work, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
