// How far a discovery page goes on this stack before any of discovery's work, beside discovery
// itself. Alternated under bench/run.js's load (autocannon, 64 connections, 10 s, each request
// with its own agent's key), round by round in a rotating order:
// - plain: the plain Nest GET (the yardstick of issue 20's targets, bench/nest-plain.js);
// - floor: Nest with the service's validation pipe and key guard, answering a constant
//   (bench/nest-floor.js; not the rest of the service's pipeline: a lower bound);
// - page: the same floor validating discovery's query and answering a page the service wrote on
//   this data set (FLOOR_PAGE): a discovery page's size and content type, nothing ranked or read;
// - discover: the service on a copy of the data set, answering the scenario of bench/run.js named
//   (after that scenario's cold pass, once).
// The page's ratio to the plain route bounds what discovery's own ratio can reach here
// (docs/discovery-page-floor.md).
//   npm run build && node bench/page-floor.js [rounds=3] [data set=10000, a name or a path]
//     [scenario="GET /discover, asked again"]
//   BENCH_DISCOVER_WARMUP=<s>: seconds between a first discover and the cold pass (the similarity
//   index's build at 100 000 agents, as in bench/run.js)
const { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { loadavg, tmpdir } = require('node:os');
const { join, resolve } = require('node:path');
const { ROOT, commitOf, startService, writeResult } = require('./lib');
const { alternationSummary, measured, reference, runOf } = require('./load');
const { benchRequests } = require('./requests');

const rounds = Number(process.argv[2] ?? 3);
const set = process.argv[3] ?? '10000';
// A data set's name under bench/data, or a path to one.
const dataDir = set.includes('/') ? resolve(set) : join(ROOT, 'bench', 'data', set);
const scenarioName = process.argv[4] ?? 'GET /discover, asked again';
const agentsFile = join(dataDir, 'agents.json');
const { agents } = JSON.parse(readFileSync(agentsFile, 'utf8'));
const WARMUP_S = Number(process.env.BENCH_DISCOVER_WARMUP ?? 0);
const COLD_PASS = Number(process.env.BENCH_COLD ?? 10_000);

async function main() {
  // The references' requests and the service's from two walks over the agents: the references'
  // requests must not move which agents discovery's measured passes ask for.
  const { floorRequests, plainRequests } = benchRequests(agents, [], new Set());
  const { scenarios, restart } = benchRequests(agents, [], new Set());
  const scenario = scenarios.find(([name]) => name === scenarioName);
  if (!scenario || !scenario[0].includes('discover'))
    throw new Error(`"${scenarioName}" is not a discover scenario of bench/requests.js`);
  const [, discoverRequests, callers = agents.length] = scenario;
  const pageRequests = floorRequests.GET.map((r) => ({ ...r, path: `${r.path}?limit=20` }));

  const work = mkdtempSync(join(tmpdir(), 'page-floor-'));
  let service;
  try {
    cpSync(dataDir, join(work, 'data'), { recursive: true });
    service = await startService(join(work, 'data'));
    // The page the floor answers: the service's own for one of the data set's agents.
    const answer = await fetch(`${service.baseUrl}/api/v1/discover?limit=20`, {
      headers: { authorization: `Bearer ${agents[0].key}` },
    });
    const pageText = await answer.text();
    if (!answer.ok) throw new Error(`the page to answer: ${answer.status} ${pageText}`);
    const pageFile = join(work, 'page.json');
    writeFileSync(pageFile, pageText);
    const pageBytes = Buffer.byteLength(pageText);
    const pageItems = JSON.parse(pageText).agents.length;
    if (pageItems === 0) throw new Error('the service answered an empty page');
    if (WARMUP_S > 0) await new Promise((done) => setTimeout(done, WARMUP_S * 1000));
    restart();
    const pid = service.child.pid;
    const cold = runOf(
      'GET',
      'discover, cold pass',
      await measured(pid, service.baseUrl, discoverRequests, Math.min(callers, COLD_PASS)),
    );
    if (cold.errors > 0) throw new Error(`the cold pass: ${cold.errors} errors or answers not 2xx`);

    const VARIANTS = {
      plain: () => reference('nest-plain.js', plainRequests.GET),
      floor: () => reference('nest-floor.js', floorRequests.GET, [agentsFile]),
      page: () => reference('nest-floor.js', pageRequests, [agentsFile], { FLOOR_PAGE: pageFile }),
      discover: () => measured(pid, service.baseUrl, discoverRequests),
    };
    const names = Object.keys(VARIANTS);
    const runs = [];
    for (let round = 1; round <= rounds; round++) {
      const order = names.map((_, i) => names[(i + round - 1) % names.length]);
      for (const name of order) {
        const r = await VARIANTS[name]();
        if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0)
          throw new Error(`${name}: ${r.non2xx} answers not 2xx, ${r.errors + r.timeouts} errors`);
        const run = { round, ...runOf('GET', name, r) };
        console.log(JSON.stringify(run));
        runs.push(run);
      }
    }
    const summary = alternationSummary(runs, ['GET'], names).GET;
    console.log(JSON.stringify(summary, null, 2));
    const file = writeResult(
      {
        date: new Date().toISOString(),
        commit: commitOf(ROOT),
        data: set,
        scenario: scenarioName,
        discoverWarmupS: WARMUP_S,
        page: { bytes: pageBytes, items: pageItems },
        coldPass: cold,
        loadAverage: loadavg(),
        runs,
        summary,
      },
      'page-floor',
    );
    console.log(`written to ${file}`);
  } finally {
    await service?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
