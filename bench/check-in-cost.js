// CPU per first check-in of an agent (the pulse's telemetry, RecordCheckIn) on a copy of a data set's
// event log, through the built command loop and the embedded event store with its writer thread:
// `read` is a process that reads each agent's presence stream before its first check-in, `listed`
// one whose start-up listing (PresenceDirectory) found no stream for it. Both run alternately in the
// same process, 64 check-ins in flight like the pulse bench's connections; CPU is the whole
// process's (the writer thread included). Runs on the built code (npm run build first).
//   node bench/check-in-cost.js [data set=10000+100000] [agents per pass=20000] [rounds=3]
const { cpSync, mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const DIST = join(__dirname, '..', 'dist', 'libs');
const { SqliteEventStore } = require(join(DIST, 'event-store', 'src'));
const { EventSourcedCommands, SystemClock } = require(join(DIST, 'platform', 'src'));
const { PresenceDirectory } = require(
  join(DIST, 'pulse', 'src', 'application', 'presence-directory'),
);
const { RecordCheckInHandler } = require(
  join(DIST, 'pulse', 'src', 'commands', 'record-check-in', 'record-check-in.handler'),
);
const { RecordCheckIn } = require(
  join(DIST, 'pulse', 'src', 'commands', 'record-check-in', 'record-check-in.command'),
);

const SET = process.argv[2] ?? '10000+100000';
const PER_PASS = Number(process.argv[3] ?? 20_000);
const ROUNDS = Number(process.argv[4] ?? 3);
const IN_FLIGHT = 64;
const source = join(__dirname, 'data', SET);
const { agents } = JSON.parse(readFileSync(join(source, 'agents.json'), 'utf8'));

async function pass(mode, ids) {
  const dir = mkdtempSync(join(tmpdir(), 'companion-check-in-'));
  cpSync(join(source, 'events.db'), join(dir, 'events.db'));
  const store = new SqliteEventStore({ filename: join(dir, 'events.db') });
  const clock = new SystemClock();
  const loop = new EventSourcedCommands(store, clock, { waitFor: async () => true }, {});
  const directory = new PresenceDirectory(store, {});
  if (mode === 'listed') await directory.scan();
  const handler = new RecordCheckInHandler(loop, clock, directory);
  let next = 0;
  let recorded = 0;
  const cpu = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < ids.length)
        if (await handler.execute(new RecordCheckIn(ids[next++]))) recorded++;
    }),
  );
  const used = process.cpuUsage(cpu);
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const { commits, appends } = store.stats;
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  if (recorded !== ids.length) throw new Error(`${mode}: ${recorded} of ${ids.length} recorded`);
  return {
    mode,
    cpuUsPerCheckIn: Math.round((used.user + used.system) / ids.length),
    wallUsPerCheckIn: Math.round((wallMs * 1000) / ids.length),
    appendsPerCommit: +(appends / commits).toFixed(1),
  };
}

async function main() {
  // Warm-up (compilation, the file in the page cache), not reported: the last agents of the set.
  await pass(
    'read',
    agents.slice(-2000).map((a) => a.id),
  );
  for (let round = 0; round < ROUNDS; round++) {
    // Different agents each round, the same ones for both modes of a round.
    const ids = agents.slice(round * PER_PASS, (round + 1) * PER_PASS).map((a) => a.id);
    const order = round % 2 === 0 ? ['read', 'listed'] : ['listed', 'read'];
    for (const mode of order) console.log(JSON.stringify({ round, ...(await pass(mode, ids)) }));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
