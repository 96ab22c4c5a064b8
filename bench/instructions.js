// Instructions a request costs, counted by valgrind's callgrind (bench/callgrind.js): the plain
// Nest route and the floor of each verb, and the service's scenarios of bench/run.js on a data set.
// Each server runs under callgrind; a scenario gets its cold pass as in bench/run.js (one request
// per caller, at most INSTR_COLD), then windows of INSTR_REQUESTS requests at bench/run.js's 64
// connections: INSTR_WARM windows to let the JIT settle, then the counted ones. Every window's
// count is recorded, so a count still settling shows, and beside it (in brackets) the optimising
// compiler's share, which a late compile can make tens of thousands a request in any window: the
// result gives the median without it too. What it counts and what it leaves out (the kernel's
// work, waiting): docs/instruction-counts.md.
//   npm run build && node bench/instructions.js [counted windows=3] [data set=10000] [filter]
//   BENCH_CHECKOUT=<another checkout>: that build's service (its references stay this checkout's)
//   INSTR_KEEP=<dir>: callgrind's dumps kept there (one per window), for callgrind_annotate
//   INSTR_PULSE_CALLERS=<n>: the pulse's requests come from the data set's first n agents only. A
//     pulse records a check-in at most once a minute per agent; walking 10 000 agents under
//     callgrind takes longer than that, so every pulse counted is then a check-in. With 200 few
//     are, nearer bench/run.js at 10 000 agents, which comes back to each within seconds.
// The filter picks servers by name ("plain", "floor") or scenario ("pulse", "asked again", …),
// several parts separated by commas; by default every scenario but new callers' discovery, whose
// cold pass of 10 000 first rankings takes most of an hour under callgrind.
const {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} = require('node:fs');
const { cpus, release, tmpdir } = require('node:os');
const { join, resolve } = require('node:path');
const { callgrindAvailable, callgrindLauncher, instructionCounter } = require('./callgrind');
const { ROOT, commitOf, nodeFlagsUsed, startService, writeResult } = require('./lib');
const { send, windows } = require('./instruction-windows');
const { CONNECTIONS, startReference } = require('./load');
const { benchRequests, generatedSwipes } = require('./requests');

const counted = Number(process.argv[2] ?? 3);
const set = process.argv[3] ?? '10000';
const filter = process.argv[4];
const dataDir = set.includes('/') ? resolve(set) : join(ROOT, 'bench', 'data', set);
const WINDOW = Number(process.env.INSTR_REQUESTS ?? 2_000);
const WARM = Number(process.env.INSTR_WARM ?? 5);
const COLD = Number(process.env.INSTR_COLD ?? process.env.BENCH_COLD ?? 10_000);
const SHAPE = { size: WINDOW, warm: WARM, counted };
const CHECKOUT = resolve(process.env.BENCH_CHECKOUT ?? ROOT);
const PULSE_CALLERS = process.env.INSTR_PULSE_CALLERS;
if (PULSE_CALLERS !== undefined && !/^[1-9][0-9]*$/.test(PULSE_CALLERS))
  throw new Error(`INSTR_PULSE_CALLERS must be a positive integer, not "${PULSE_CALLERS}"`);

/**
 * The reference servers picked, as [name, script, requests, args, env, prepare?] (`prepare` is
 * run here, before any is started): the plain Nest route and the floor of each verb
 * (bench/run.js), the floor appending one event a request to a copy of the data set's log
 * (bench/durable-floor.js), and the floor answering a discovery page the service wrote on this
 * data set (bench/page-floor.js).
 */
async function references(work, agentsFile, picked) {
  const { floorRequests, plainRequests } = benchRequests(agents(agentsFile), [], new Set());
  const list = [];
  for (const verb of ['GET', 'POST']) {
    list.push([`${verb} plain Nest route`, 'nest-plain.js', plainRequests[verb], [], {}]);
    list.push([`${verb} floor`, 'nest-floor.js', floorRequests[verb], [agentsFile], {}]);
    const copy = join(work, `durable-${verb}`);
    list.push([
      `${verb} durable floor`,
      'nest-floor.js',
      floorRequests[verb],
      [agentsFile],
      { FLOOR_APPEND_DIR: copy },
      () => {
        mkdirSync(copy, { recursive: true });
        cpSync(join(dataDir, 'events.db'), join(copy, 'events.db'));
      },
    ]);
  }
  const pageRequests = floorRequests.GET.map((r) => ({ ...r, path: `${r.path}?limit=20` }));
  const pageFile = join(work, 'page.json');
  let written;
  const writeOnce = () => (written ??= writePage(work, agentsFile, pageFile));
  // As bytes, as GET /discover answers it; as text, as it did before
  // (docs/discovery-page-bytes.md).
  for (const [name, env] of [
    ['GET page floor', {}],
    ['GET page floor, as text', { FLOOR_PAGE_AS_TEXT: '1' }],
  ])
    list.push([
      name,
      'nest-floor.js',
      pageRequests,
      [agentsFile],
      { FLOOR_PAGE: pageFile, ...env },
      writeOnce,
    ]);
  const chosen = list.filter(([name]) => picked(name));
  for (const [, , , , , prepare] of chosen) await prepare?.();
  return chosen;
}

/** The page the page floor answers: the service's own (not under callgrind) for the first agent. */
async function writePage(work, agentsFile, pageFile) {
  const data = join(work, 'page-data');
  cpSync(dataDir, data, { recursive: true });
  const service = await startService(data);
  try {
    const answer = await fetch(`${service.baseUrl}/api/v1/discover?limit=20`, {
      headers: { authorization: `Bearer ${agents(agentsFile)[0].key}` },
    });
    const text = await answer.text();
    if (!answer.ok || JSON.parse(text).agents.length === 0)
      throw new Error(`the page to answer: ${answer.status} ${text}`);
    writeFileSync(pageFile, text);
  } finally {
    await service.stop();
    rmSync(data, { recursive: true, force: true });
  }
}

const agents = (file) => JSON.parse(readFileSync(file, 'utf8')).agents;

/** The page the page floor answered: its size and candidates. */
function pageOf(file) {
  const text = readFileSync(file, 'utf8');
  return { bytes: Buffer.byteLength(text), items: JSON.parse(text).agents.length };
}

async function main() {
  if (!callgrindAvailable())
    throw new Error('valgrind is not installed (apt-get install valgrind)');
  const agentsFile = join(dataDir, 'agents.json');
  const { agents: all, matches } = JSON.parse(readFileSync(agentsFile, 'utf8'));
  const swipes = generatedSwipes(join(dataDir, 'events.db'));
  const { scenarios, restart } = benchRequests(all, matches, swipes);
  const few = PULSE_CALLERS && benchRequests(all.slice(0, Number(PULSE_CALLERS)), matches, swipes);
  if (few)
    scenarios.forEach((s, i) => {
      if (s[0] === 'GET /agents/me/pulse')
        scenarios[i] = [s[0], few.scenarios[i][1], Number(PULSE_CALLERS)];
    });
  const picked = (name) =>
    filter ? filter.split(',').some((part) => name.includes(part)) : name !== 'GET /discover';
  const work = mkdtempSync(join(tmpdir(), 'instructions-'));
  const results = [];
  try {
    for (const [name, script, requests, args, env] of await references(work, agentsFile, picked)) {
      process.stdout.write(`${name}: `);
      const dir = mkdtempSync(join(work, 'cg-'));
      const { child, url } = await startReference(script, args, env, callgrindLauncher(dir));
      try {
        const counter = instructionCounter(child.pid, dir);
        counter.instrument();
        const verb = requests[0].method;
        results.push({
          server: name,
          verb,
          ...(env.FLOOR_PAGE ? { page: pageOf(env.FLOOR_PAGE) } : {}),
          ...(await windows(counter, url, requests, SHAPE)),
        });
      } finally {
        // Its last dump is written on exit, into the folder removed at the end.
        if (child.exitCode === null && child.signalCode === null)
          await new Promise((exited) => {
            child.once('exit', exited);
            child.kill();
          });
      }
      console.log();
    }
    const chosen = scenarios.filter(([name]) => picked(name));
    if (chosen.length > 0) {
      cpSync(dataDir, join(work, 'data'), { recursive: true });
      const dir = mkdtempSync(join(work, 'cg-'));
      const serviceMain = join(CHECKOUT, 'dist', 'apps', 'api', 'src', 'main.js');
      const service = await startService(
        join(work, 'data'),
        {},
        serviceMain,
        null,
        callgrindLauncher(dir),
      );
      try {
        const counter = instructionCounter(service.child.pid, dir);
        counter.instrument();
        for (const [name, requests, callers = all.length] of chosen) {
          process.stdout.write(`${name}: cold pass… `);
          restart();
          if (few) few.restart();
          await send(service.baseUrl, requests, Math.min(callers, COLD));
          const verb = requests[0].method;
          results.push({
            server: name,
            verb,
            scenario: true,
            coldPass: Math.min(callers, COLD),
            ...(await windows(counter, service.baseUrl, requests, SHAPE)),
          });
          console.log();
        }
      } finally {
        await service.stop();
      }
    }
  } finally {
    const keep = process.env.INSTR_KEEP;
    if (keep)
      for (const name of readdirSync(work).filter((n) => n.startsWith('cg-')))
        cpSync(join(work, name), join(keep, name), { recursive: true });
    rmSync(work, { recursive: true, force: true });
  }
  for (const r of results) {
    const plain = results.find((p) => p.server === `${r.verb} plain Nest route`);
    if (plain)
      r.ratioToPlainNest = Number(
        (plain.instructionsPerRequest / r.instructionsPerRequest).toFixed(3),
      );
    console.log(
      `${r.server}: ${r.instructionsPerRequest} instructions a request${plain ? `, ${r.ratioToPlainNest} of the plain route's` : ''}; ${r.withoutCompilerPerRequest} without the optimising compiler`,
    );
  }
  const file = writeResult(
    {
      date: new Date().toISOString(),
      commit: commitOf(CHECKOUT),
      machine: {
        cpus: cpus().length,
        model: cpus()[0]?.model,
        kernel: release(),
        node: process.version,
      },
      nodeFlags: nodeFlagsUsed(),
      data: set,
      load: {
        connections: CONNECTIONS,
        requestsPerWindow: WINDOW,
        warmWindows: WARM,
        countedWindows: counted,
        ...(PULSE_CALLERS ? { pulseCallers: Number(PULSE_CALLERS) } : {}),
      },
      counter: 'valgrind --tool=callgrind, instructions (Ir), user space, every thread',
      instructions: results,
    },
    'instructions',
  );
  console.log(`written to ${file}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
