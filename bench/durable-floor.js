// How far a durable request goes with this event store, before any of Companion's work. For each
// verb: the plain Nest route (the yardstick of issue 20's targets), the floor (the service's
// pipeline, the validation pipe and the key guard, answering a constant) and the same floor
// appending one event per request to the embedded event store (`FLOOR_APPEND_DIR`,
// bench/nest-floor.js: its writer thread, group commit, synchronous=FULL, on a fresh copy of the
// data set's log). The POST appends a swipe's event and answers once it is durable; the GET appends
// a check-in's beside its answer, as the pulse does. Alternated, under bench/run.js's load
// (autocannon, 64 connections, 10 s, its requests). A swipe or a message does all of the durable
// POST's work and more (the command loop, its projections and the wait for them: read your
// writes), and a pulse that is a check-in (spec §4 rule 5) all of the durable GET's: with the same
// event store and load, neither can pass its durable floor (docs/write-path-cost.md, "What a
// durable write can reach here").
//   npm run build && node bench/durable-floor.js [rounds=3] [data=bench/data/10000] [POST,GET]
const { cpSync, mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { loadavg, tmpdir } = require('node:os');
const { join, resolve } = require('node:path');
const Database = require('better-sqlite3');
const { ROOT, commitOf, writeResult } = require('./lib');
const { alternationSummary, measured, reference, runOf, startReference } = require('./load');
const { benchRequests } = require('./requests');

const rounds = Number(process.argv[2] ?? 3);
const dataDir = resolve(process.argv[3] ?? join(__dirname, 'data', '10000'));
const agentsFile = join(dataDir, 'agents.json');
const { agents } = JSON.parse(readFileSync(agentsFile, 'utf8'));
const verbs = (process.argv[4] ?? 'POST,GET').split(',');
const { floorRequests, plainRequests } = benchRequests(agents, [], new Set());

const VARIANTS = {
  plain: { script: 'nest-plain.js', requests: plainRequests },
  floor: { script: 'nest-floor.js', requests: floorRequests },
  durable: { script: 'nest-floor.js', requests: floorRequests, durable: true },
};

const eventsIn = (dir) => {
  const db = new Database(join(dir, 'events.db'), { readonly: true });
  try {
    return db.prepare('SELECT count(*) AS n FROM events').get().n;
  } finally {
    db.close();
  }
};

async function measure(verb, name) {
  const { script, requests, durable } = VARIANTS[name];
  // The plain route and the floor as bench/run.js measures them.
  if (!durable) return runOf(verb, name, await reference(script, requests[verb], [agentsFile]));
  // Each durable run on its own copy of the log, so that no run appends to another's.
  const copy = mkdtempSync(join(tmpdir(), 'durable-floor-'));
  try {
    return await measureDurable(verb, requests[verb], copy);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

async function measureDurable(verb, requests, copy) {
  cpSync(join(dataDir, 'events.db'), join(copy, 'events.db'));
  const before = eventsIn(copy);
  const { child, url } = await startReference('nest-floor.js', [agentsFile], {
    FLOOR_APPEND_DIR: copy,
  });
  const exited = new Promise((done) =>
    child.exitCode !== null || child.signalCode !== null ? done() : child.once('exit', done),
  );
  let r;
  let whenLoadStopped;
  try {
    r = await measured(child.pid, url, requests);
    // The GET's appends are not awaited: how many were in the file when the load stopped.
    whenLoadStopped = eventsIn(copy) - before;
  } finally {
    // It appends what it still holds (the GET's check-ins are not awaited) before it exits.
    if (child.connected) child.send('close');
    else child.kill();
    await exited;
  }
  // A server that failed (the GET's append exits with 1) measured nothing.
  if (child.exitCode !== 0)
    throw new Error(`${verb}: the durable floor ended with ${child.exitCode ?? child.signalCode}`);
  const run = runOf(verb, 'durable', r);
  // Every answer of the durable floor stands for an event in the file: else it measured nothing.
  // (The GET's are appended after it answers: `close` above waited for them.)
  const appended = eventsIn(copy) - before;
  if (appended < r['2xx'] || run.errors > 0)
    throw new Error(
      `${verb}: ${r['2xx']} answered, ${appended} events appended, ${run.errors} errors`,
    );
  return { ...run, answered: r['2xx'], appended, appendedWhenLoadStopped: whenLoadStopped };
}

(async () => {
  const names = Object.keys(VARIANTS);
  const runs = [];
  for (let round = 1; round <= rounds; round++) {
    // Each round in another order, so no variant always follows the same one.
    const order = names.map((_, i) => names[(i + round - 1) % names.length]);
    for (const verb of verbs)
      for (const name of order) {
        const run = { round, ...(await measure(verb, name)) };
        console.log(JSON.stringify(run));
        runs.push(run);
      }
  }
  const summary = alternationSummary(runs, verbs, names);
  console.log(JSON.stringify(summary, null, 2));
  const file = writeResult(
    {
      date: new Date().toISOString(),
      commit: commitOf(ROOT),
      data: dataDir,
      loadAverage: loadavg(),
      runs,
      summary,
    },
    'durable-floor',
  );
  console.log(`written to ${file}`);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
