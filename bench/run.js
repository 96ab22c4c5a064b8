// Load benchmarks (not part of npm test): the built service on the embedded default with
// RATE_LIMITS=off against a generated data set, many agents each with its own key, and the same
// load generator against a bare Fastify route (the ceiling) in the same run — measured again just
// before each scenario, because this machine's ceiling moves by a third from minute to minute. Beside
// it the floor (bench/nest-floor.js): the service's own Nest pipeline answering a constant, which
// shows how much of the ceiling the stack itself leaves before any of Companion's work. And the plain
// Nest route (bench/nest-plain.js: Nest on Fastify, the same adapter options, no pipe, no guard,
// answering a constant), the yardstick of the targets: every scenario's `ratioToPlainNest` is to
// the plain route of its verb measured just before it, `ratioToPlainNestAfter` to the same route
// measured again just after (since 2026-12-02: the yardstick's own speed moves by up to 2x).
// Beside req/s, each server's CPU time per request (user + system from /proc, every thread): on a
// machine shared with other work it moves far less than throughput, and `cpuRatioToPlainNest`
// compares the two servers' costs per request.
//   npm run bench                 (10 000 agents; generates the data set first if missing)
//   BENCH_AGENTS=100000 npm run bench
//   BENCH_ONLY=first-byte npm run bench   (only the public pages' first-byte time, bench/first-byte.js)
//   BENCH_AGENTS=100000 BENCH_DATA=10000+100000 npm run bench   (a set grown by bench/grow-agents.js)
//   BENCH_DISCOVER_WARMUP=600 …   (the discover scenarios after the similarity index is built)
//   BENCH_COLD=100000 BENCH_COLD_PAUSE=60 …   (every agent seen, then measured a minute later: the
//                             pulse of agents polling once a minute or less, each one a check-in)
//   BENCH_GC_LOG=<dir> …   (every garbage collection and event-loop stall of the service, bench/gc-log.js;
//                             node bench/gc-summary.js <result> <dir>/gc-<pid>.log sums them per pass)
//   BENCH_SYSCALLS=1 …   (each server's system calls per request, main thread and the others,
//                             bench/syscalls.js)
//   BENCH_NODE_FLAGS="" …   (Node's flags for the service and the rebuild instead of their npm scripts')
//   BENCH_CHECKOUT=<dir> …   (the service and the CLI of another checkout's build, this harness and
//                             data set: bench/scenario-compare.js runs two builds so)
const { execFileSync } = require('node:child_process');
const { cpSync, existsSync, readFileSync, rmSync } = require('node:fs');
const { cpus, release, totalmem } = require('node:os');
const { join, resolve } = require('node:path');
const { measureFirstByte } = require('./first-byte');
const { CONNECTIONS, DURATION, measured, ratio, reference, summary } = require('./load');
const { ROOT, commitOf, nodeFlagsUsed, runCli, startService, writeResult } = require('./lib');
const { benchRequests, generatedSwipes } = require('./requests');
const { syscallLine } = require('./syscalls');

const N = Number(process.env.BENCH_AGENTS ?? 10_000);
/** The build measured: this checkout's, or another's (BENCH_CHECKOUT). */
const CHECKOUT = resolve(process.env.BENCH_CHECKOUT ?? ROOT);
const SERVICE = join(CHECKOUT, 'dist', 'apps', 'api', 'src', 'main.js');
/** Requests of the cold pass: one per agent, at most this many. */
const COLD_PASS = Number(process.env.BENCH_COLD ?? 10_000);
/** Seconds between the cold pass and the measured one. */
const COLD_PAUSE = Number(process.env.BENCH_COLD_PAUSE ?? 0);
/** The data set: bench/data/<BENCH_DATA>, by default the generated one of N agents. */
const SET = process.env.BENCH_DATA ?? String(N);
const source = join(ROOT, 'bench', 'data', SET);

function cpuSplitLine({ mainUser, mainSystem, otherUser, otherSystem }) {
  return `main thread ${mainUser} + ${mainSystem} in the kernel, other threads ${otherUser} + ${otherSystem}`;
}

async function main() {
  if (!existsSync(join(source, 'agents.json')) && SET === String(N))
    execFileSync(process.execPath, [join(__dirname, 'generate.js'), String(N)], {
      stdio: 'inherit',
    });
  const { agents, matches } = JSON.parse(readFileSync(join(source, 'agents.json'), 'utf8'));
  // Each run writes into a copy, so the generated set stays as it was.
  const work = join(ROOT, 'bench', 'data', `run-${SET}`);
  rmSync(work, { recursive: true, force: true });
  cpSync(source, work, { recursive: true });

  const only = process.env.BENCH_ONLY;
  const results = [];
  let firstByte = [];
  const ceilings = [];
  const floors = [];
  const plains = [];
  let servicePeakRssMiB = null;
  let discoverWarmupS = 0;

  const service = await startService(work, {}, SERVICE);
  try {
    const url = service.baseUrl;
    const { floorRequests, plainRequests, scenarios, restart } = benchRequests(
      agents,
      matches,
      generatedSwipes(join(source, 'events.db')),
    );
    // From DISCOVERY_INDEX_MIN_AGENTS candidates the first discover loads them and starts building
    // the similarity index in a ranking worker (docs/discovery-index.md); with BENCH_DISCOVER_WARMUP
    // (seconds) the discover scenarios start that long after one such request, so they measure the
    // index rather than the exact scan that answers while it is built.
    const warmup = Number(process.env.BENCH_DISCOVER_WARMUP ?? 0);
    if (
      warmup > 0 &&
      scenarios.some(([n]) => n.includes('discover') && (!only || n.includes(only)))
    ) {
      discoverWarmupS = warmup;
      await fetch(`${url}/api/v1/discover?limit=20`, {
        headers: { authorization: `Bearer ${agents[0].key}` },
      });
      await new Promise((resolve) => setTimeout(resolve, warmup * 1000));
    }
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
      const plain = await reference('nest-plain.js', plainRequests[verb]);
      const plainRps = plain.requests.average;
      plains.push(summary(`${verb} plain Nest route`, plain, ceilingRps));
      process.stdout.write(
        `${name} (ceiling ${Math.round(ceilingRps)} req/s, plain Nest ${Math.round(plainRps)} at ${plain.cpuUsPerRequest} µs CPU, Nest floor ${Math.round(floorRps)})… `,
      );
      // First a cold pass, one request per agent up to BENCH_COLD (after a restart nothing of theirs
      // is in memory: documents, stream states, this minute's check-in), then the measured steady state.
      restart();
      const pid = service.child.pid;
      const cold = summary(
        name,
        await measured(pid, url, requests, Math.min(callers, COLD_PASS)),
        ceilingRps,
        floor,
        plain,
      );
      await new Promise((resolve) => setTimeout(resolve, COLD_PAUSE * 1000));
      const pass = await measured(pid, url, requests);
      // The plain route again right after: this machine's speed moves by up to 2x within a minute
      // (docs/benchmarks.md, "The yardstick moves"), so a ratio is given against both passes.
      const plainAfter = await reference('nest-plain.js', plainRequests[verb]);
      const r = {
        ...summary(name, pass, ceilingRps, floor, plain),
        ratioToPlainNestAfter: ratio(pass.requests.average, plainAfter.requests.average),
        ceilingRps: Math.round(ceilingRps),
        plainNestRps: Math.round(plainRps),
        plainNestCpuUsPerRequest: plain.cpuUsPerRequest,
        plainNestAfterRps: Math.round(plainAfter.requests.average),
        plainNestAfterCpuUsPerRequest: plainAfter.cpuUsPerRequest,
        plainNestAfterLoadGeneratorCores: plainAfter.loadGeneratorCores,
        plainNestCpuSplitUsPerRequest: plain.cpuSplitUsPerRequest,
        plainNestLoadGeneratorCores: plain.loadGeneratorCores,
        floorRps: Math.round(floorRps),
        floorCpuSplitUsPerRequest: floor.cpuSplitUsPerRequest,
        ...(plain.syscallsPerRequest
          ? { plainNestSyscallsPerRequest: plain.syscallsPerRequest }
          : {}),
        coldPass: cold,
      };
      console.log(
        `${r.requestsPerSecond} req/s, p50 ${r.p50ms} ms, p99 ${r.p99ms} ms, errors ${r.errors}, ${r.cpuUsPerRequest} µs CPU; ${r.ratioToPlainNest} of the plain Nest route (CPU ${r.cpuRatioToPlainNest}; ${r.ratioToPlainNestAfter} of it measured after, ${r.plainNestAfterRps} req/s at ${r.plainNestAfterCpuUsPerRequest} µs), ${r.ratioToCeiling} of the ceiling, ${r.ratioToFloor} of the floor (cold pass: ${cold.requestsPerSecond} req/s, p99 ${cold.p99ms} ms, ${cold.ratioToPlainNest} of plain Nest)`,
      );
      console.log(
        `  CPU µs a request: ${cpuSplitLine(r.cpuSplitUsPerRequest)}; plain Nest's ${cpuSplitLine(plain.cpuSplitUsPerRequest)}; the floor's ${cpuSplitLine(floor.cpuSplitUsPerRequest)}`,
      );
      if (r.syscallsPerRequest)
        console.log(
          `  system calls a request: main thread ${syscallLine(r.syscallsPerRequest.main)}; other threads ${syscallLine(r.syscallsPerRequest.otherThreads)}; plain Nest's main thread ${syscallLine(plain.syscallsPerRequest.main)}`,
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
    servicePeakRssMiB = service.peakRssMiB();
  } finally {
    await service.stop();
  }

  let startupMs = null;
  let events = null;
  let rebuild = null;
  // Start-up on the data set (projections already caught up), then a rebuild of every projection.
  if (!only) {
    const restart = await startService(work, {}, SERVICE);
    startupMs = Math.round(restart.startupMs);
    events = restart.health.eventStore.head;
    await restart.stop();
    const t0 = Date.now();
    runCli(['rebuild', 'agents', '--inline', '--json'], work, { checkout: CHECKOUT });
    const rebuildSeconds = (Date.now() - t0) / 1000;
    rebuild = {
      projection: 'agents',
      events,
      seconds: rebuildSeconds,
      eventsPerSecond: Math.round(events / rebuildSeconds),
    };
  }

  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      // The same cores measure differently under another kernel (docs/system-calls.md).
      kernel: release(),
    },
    dataSet: { name: SET, agents: agents.length, matches: matches.length, events },
    only: only ?? null,
    load: { connections: CONNECTIONS, seconds: DURATION, tool: 'autocannon' },
    // 0: the discover scenarios (if any ran) may have measured the exact scan while the similarity
    // index was built.
    discoverWarmupS,
    conditions: process.env.BENCH_CONDITIONS ?? null,
    build: { checkout: CHECKOUT, commit: commitOf(CHECKOUT) },
    nodeFlags: nodeFlagsUsed(),
    servicePeakRssMiB,
    ceilings,
    plainNest: plains,
    floors,
    results,
    firstByte,
    startupMs,
    rebuild,
  };
  const suffix = only ? `-only-${only.replace(/[^a-z0-9]+/gi, '-')}` : '';
  const file = writeResult(report, `${N}-agents${suffix}`);
  if (rebuild)
    console.log(
      `\nstart-up ${startupMs} ms with ${events} events; rebuild of "agents" ${rebuild.eventsPerSecond} events/s (the log read whole, the agents events applied)`,
    );
  console.log(`written to ${file}`);
  rmSync(work, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
