// The event store's append path alone: the real appendBatch (from dist/) on a copy of a data set's
// events.db, batches of new pair streams as swipes make them (event ids as the service makes them,
// `eventIdOf` of a fresh command, or random as before 2026-11-27), under the store's pragmas and a
// few variations of the writer connection's; the pages an append writes where nothing
// checkpoints (the log's frames); and what an fsync of 4 KB costs on this disk. What a commit and
// its checkpoints cost, apart from the service (docs/write-path-cost.md, docs/write-latency.md).
//   npm run build && node bench/append-batch-cost.js [data set=10000] [batches=150] [appends=64]
const { randomUUID } = require('node:crypto');
const fs = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const Database = require('better-sqlite3');
const { appendBatch } = require('../dist/libs/event-store/src/sqlite/append-batch');
const { EVENT_STORE_PRAGMAS } = require('../dist/libs/event-store/src/sqlite/event-rows');
const {
  eventIdOf,
  nextCommandId,
} = require('../dist/libs/platform/src/event-sourcing/command-ids');

const [set = '10000', batches = '150', appends = '64'] = process.argv.slice(2);
const source = join(__dirname, 'data', set, 'events.db');
const NO_CHECKPOINT = 'wal_autocheckpoint = 0';
const RANDOM_IDS = 'no automatic checkpoint, random event ids';
const serviceId = (streamName) => eventIdOf(nextCommandId(streamName, new Date()).id, 0);
const VARIANTS = {
  'as shipped': [],
  'no automatic checkpoint': [NO_CHECKPOINT],
  [RANDOM_IDS]: [NO_CHECKPOINT],
  'checkpoint every 10 000 pages': ['wal_autocheckpoint = 10000'],
  'cache_size 64 MiB': ['cache_size = -65536'],
  'mmap_size 256 MiB': ['mmap_size = 268435456'],
};

function fsyncMs(dir) {
  const file = join(dir, 'fsync');
  const fd = fs.openSync(file, 'w');
  const page = Buffer.alloc(4096);
  const start = process.hrtime.bigint();
  for (let i = 0; i < 50; i++) {
    fs.writeSync(fd, page, 0, page.length, i * page.length);
    fs.fsyncSync(fd);
  }
  fs.closeSync(fd);
  return Number(process.hrtime.bigint() - start) / 50e6;
}

function run(dir, name, extra) {
  const file = join(dir, 'events.db');
  for (const f of fs.readdirSync(dir)) fs.rmSync(join(dir, f));
  fs.copyFileSync(source, file);
  const db = new Database(file);
  for (const pragma of [...EVENT_STORE_PRAGMAS, ...extra]) db.pragma(pragma);
  const n = Number(batches);
  const size = Number(appends);
  const times = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const batch = Array.from({ length: size }, () => {
      const [a, b] = [randomUUID(), randomUUID()];
      const streamName = `pair-${a}-${b}`;
      return {
        streamName,
        expected: 'no_stream',
        events: [
          {
            id: name === RANDOM_IDS ? randomUUID() : serviceId(streamName),
            type: 'Swiped',
            data: { swiperId: a, targetId: b, liked: true, matchId: randomUUID() },
            metadata: { occurredAt: new Date().toISOString(), actorId: a },
          },
        ],
      };
    });
    const start = performance.now();
    appendBatch(db, { batch, recordedAt: new Date().toISOString() });
    times.push(performance.now() - start);
  }
  const used = process.cpuUsage(cpu);
  // Frames of 4 KB pages and a 24-byte header after the log's 32-byte header: every page written.
  const pages = extra.includes(NO_CHECKPOINT)
    ? `, ${((fs.statSync(`${file}-wal`).size - 32) / (4096 + 24) / (n * size)).toFixed(2)} pages an append`
    : '';
  db.close();
  times.sort((x, y) => x - y);
  const mean = times.reduce((x, y) => x + y, 0) / n;
  const at = (q) => times[Math.min(n - 1, Math.floor(q * n))].toFixed(1);
  console.log(
    `${name}: ${mean.toFixed(1)} ms a batch of ${size} (p50 ${at(0.5)}, p90 ${at(0.9)}), ` +
      `${Math.round((used.user + used.system) / (n * size))} µs of CPU an append${pages}`,
  );
}

const dir = fs.mkdtempSync(join(tmpdir(), 'companion-append-'));
try {
  console.log(`${source}, ${batches} batches of ${appends} appends to new streams`);
  console.log(`fsync of 4 KB: ${fsyncMs(dir).toFixed(2)} ms`);
  for (const [name, extra] of Object.entries(VARIANTS)) run(dir, name, extra);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
