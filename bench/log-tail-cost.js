// The embedded event store's appends and this process's subscriptions to them, without HTTP: two
// builds alternated. Each run is a child process on an empty log file: two subscriptions read the
// log in batches (as the projection engine and the live fan-out do), 64 writers append swipe-like
// events to new streams until `appends` are acknowledged, and the run waits for both
// subscriptions to have every event. Per append: the process's CPU (every thread), the main
// thread's busy time (event-loop utilisation) and the wall time.
//   node bench/log-tail-cost.js <before checkout> <after checkout> [rounds=4] [appends=20000]
// A checkout is a directory holding a built dist/ (bench/scenario-compare.js says how to make one).
const { execFileSync } = require('node:child_process');
const { loadavg } = require('node:os');
const { resolve } = require('node:path');
const { median, writeComparison } = require('./lib');

const [before, after] = process.argv.slice(2, 4).map((dir) => dir && resolve(dir));
const rounds = Number(process.argv[4] ?? 4);
const appends = Number(process.argv[5] ?? 20_000);
if (!before || !after) {
  console.error('usage: node bench/log-tail-cost.js <before> <after> [rounds] [appends]');
  process.exit(2);
}

// The child: one run on one build. Its last line is the run's figures as JSON.
const child = `
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { randomUUID } = require('node:crypto');
const { performance } = require('node:perf_hooks');
const [checkout, total] = [process.argv[1], Number(process.argv[2])];
const { SqliteEventStore } = require(join(checkout, 'dist/libs/event-store/src/sqlite/sqlite-event-store.js'));
(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'log-tail-cost-'));
  const store = new SqliteEventStore({ filename: join(dir, 'events.db') });
  const seen = [0, 0];
  let done;
  const all = new Promise((r) => (done = r));
  const subs = [0, 1].map((i) => {
    const sub = store.subscribeToAll({ after: 0 });
    void (async () => {
      for await (const batch of sub.batches(512)) {
        for (const e of batch) if (e.data.swiperId) seen[i] += 1;
        if (seen[0] >= total && seen[1] >= total) done();
      }
    })();
    return sub;
  });
  const swipe = () => ({
    id: randomUUID(),
    type: 'SwipeRecorded',
    data: { swiperId: randomUUID(), targetId: randomUUID(), liked: true, awaitsResponse: true },
    metadata: { occurredAt: new Date().toISOString(), actorId: randomUUID() },
  });
  // A warm-up, not measured.
  await Promise.all(Array.from({ length: 2000 }, () => store.append('w-' + randomUUID(), [swipe()], 'no_stream')));
  const warm = 2000;
  while (seen[0] < warm || seen[1] < warm) await new Promise((r) => setTimeout(r, 5));
  seen[0] -= warm;
  seen[1] -= warm;
  const cpu0 = process.cpuUsage();
  const elu0 = performance.eventLoopUtilization();
  const t0 = process.hrtime.bigint();
  let sent = 0;
  await Promise.all(Array.from({ length: 64 }, async () => {
    while (sent < total) {
      sent += 1;
      await store.append('pair-' + randomUUID(), [swipe()], 'no_stream');
    }
  }));
  await all;
  const wallUs = Number(process.hrtime.bigint() - t0) / 1000;
  const elu = performance.eventLoopUtilization(elu0);
  const cpu = process.cpuUsage(cpu0);
  for (const s of subs) await s.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  console.log(JSON.stringify({
    cpuUsPerAppend: Math.round((cpu.user + cpu.system) / total * 10) / 10,
    mainThreadUsPerAppend: Math.round(elu.active * 1000 / total * 10) / 10,
    wallUsPerAppend: Math.round(wallUs / total * 10) / 10,
  }));
})();
`;

function runOnce(checkout) {
  const out = execFileSync(
    process.execPath,
    ['--max-semi-space-size=64', '-e', child, checkout, String(appends)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  ).toString();
  return JSON.parse(out.trim().split('\n').pop());
}

const runs = [];
for (let round = 1; round <= rounds; round++) {
  const order = round % 2 === 1 ? ['before', 'after'] : ['after', 'before'];
  for (const build of order) {
    const result = runOnce(build === 'before' ? before : after);
    runs.push({ build, round, ...result });
    console.log(`${build} ${round}: ${JSON.stringify(result)}`);
  }
}
const summary = {};
for (const build of ['before', 'after']) {
  const mine = runs.filter((r) => r.build === build);
  summary[build] = Object.fromEntries(
    ['cpuUsPerAppend', 'mainThreadUsPerAppend', 'wallUsPerAppend'].map((k) => [
      k,
      median(mine.map((r) => r[k])),
    ]),
  );
}
console.log(JSON.stringify(summary));
writeComparison('log-tail-cost', {
  before,
  after,
  data: `an empty log, ${appends} appends of one event, 64 writers, 2 subscriptions`,
  loadAverage: loadavg(),
  runs,
  summary,
});
