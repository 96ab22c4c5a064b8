// What a system call costs on this machine, alone and inside a SQLite point read, right after
// another one and after some milliseconds of JavaScript work, as a request's calls come in the
// service; and whether another connection's commit during that work changes the read's cost
// (SQLite empties a WAL reader's page cache when the file has changed). Not part of npm test.
//   node bench/syscall-cost.js [samples=400] [data set=10000+100000]
// The read is the event store's read of a stream's last event, for a stream that does not exist
// (an agent's first check-in: docs/pulse-at-scale.md), on a copy of the data set's events.db.
// Calls per request, counted in the service: BENCH_SYSCALLS=1 (bench/syscalls.js).
const { cpSync, fstatSync, mkdtempSync, openSync, closeSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Worker, isMainThread, workerData } = require('node:worker_threads');
const Database = require('better-sqlite3');
const { quantile } = require('./lib');

const READ = `SELECT position, type, data, metadata, event_id, stream_name, revision, recorded_at
  FROM events WHERE stream_name = ? AND revision <= ? ORDER BY revision DESC LIMIT 1`;

// The two threads' handshake: the main thread sets MODE, then counts REQUEST up; the other one
// answers each request by setting ACK to its number. Counters, not flags, so that no answer can
// be taken for the next request's, and each side sleeps while it waits.
const REQUEST = 0;
const MODE = 1;
const ACK = 2;
const COMMIT = 1;
const NOTHING = 2;
const STOP = 3;

if (!isMainThread) {
  // The other connection: one small transaction when asked to commit. Not flushed, so that both
  // kinds of request come back about as fast.
  const db = new Database(workerData.file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.exec('CREATE TABLE IF NOT EXISTS bench_ticks (x INTEGER)');
  const tick = db.prepare('INSERT INTO bench_ticks (x) VALUES (?)');
  const shared = new Int32Array(workerData.shared);
  for (let seen = 0; ;) {
    Atomics.wait(shared, REQUEST, seen);
    seen = Atomics.load(shared, REQUEST);
    const mode = Atomics.load(shared, MODE);
    if (mode === STOP) break;
    if (mode === COMMIT) tick.run(seen);
    Atomics.store(shared, ACK, seen);
    Atomics.notify(shared, ACK);
  }
  db.close();
  return;
}

const samples = Number(process.argv[2] ?? 400);
const set = process.argv[3] ?? '10000+100000';
const dir = mkdtempSync(join(tmpdir(), 'syscall-cost-'));
const file = join(dir, 'events.db');
cpSync(join(__dirname, 'data', set, 'events.db'), file);

/** Work on the event loop's thread that makes no system call: sums over 256 KiB until `ms` pass. */
const scratch = new Float64Array(32_768).map((_, i) => i);
function work(ms) {
  const end = performance.now() + ms;
  let sum = 0;
  while (performance.now() < end) for (let i = 0; i < scratch.length; i += 8) sum += scratch[i];
  return sum;
}

function quantiles(times) {
  const at = (q) => quantile(times, q).toFixed(1).padStart(6);
  return `p50 ${at(0.5)} µs  p90 ${at(0.9)} µs`;
}

function timed(fn) {
  const t0 = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t0) / 1000;
}

const sharedBuffer = new SharedArrayBuffer(3 * 4);
const shared = new Int32Array(sharedBuffer);
const writer = new Worker(__filename, { workerData: { file, shared: sharedBuffer } });
let asked = 0;
/** Sends the other connection a request, and waits for its answer. */
function askWriter(mode) {
  Atomics.store(shared, MODE, mode);
  asked += 1;
  Atomics.store(shared, REQUEST, asked);
  Atomics.notify(shared, REQUEST);
  if (mode === STOP) return;
  // A bound, so that a worker that died fails the probe instead of blocking it for good.
  for (let ack; (ack = Atomics.load(shared, ACK)) !== asked;)
    if (Atomics.wait(shared, ACK, ack, 10_000) === 'timed-out')
      throw new Error('the other connection did not answer in 10 s');
}

const db = new Database(file);
db.pragma('journal_mode = WAL');
const read = db.prepare(READ).raw(true);
const fd = openSync(file, 'r');
const stream = () => `presence-${Math.floor(Math.random() * 1e12)}`;
const MAX = Number.MAX_SAFE_INTEGER;

setTimeout(() => {
  try {
    console.log(`${samples} samples a line; ${new Date().toISOString()}; data set ${set}`);
    for (const gapMs of [0, 0.1, 0.5, 1, 5]) {
      const stat = [];
      const plain = [];
      const afterCommit = [];
      for (let i = 0; i < samples; i++) {
        // Alternated in one loop, so the machine's minute is the same for each; both reads come
        // right after a round trip to the other thread, one of them after its commit.
        work(gapMs);
        stat.push(timed(() => fstatSync(fd)));
        work(gapMs);
        askWriter(NOTHING);
        plain.push(timed(() => read.all(stream(), MAX)));
        work(gapMs);
        askWriter(COMMIT);
        afterCommit.push(timed(() => read.all(stream(), MAX)));
      }
      const label = gapMs === 0 ? 'back to back' : `after ${gapMs} ms of work`;
      console.log(`${label.padEnd(22)} fstat ${quantiles(stat)}`);
      console.log(`${''.padEnd(22)} read, nothing committed ${quantiles(plain)}`);
      console.log(`${''.padEnd(22)} read, a commit before it ${quantiles(afterCommit)}`);
    }
  } finally {
    askWriter(STOP);
    closeSync(fd);
    db.close();
    writer.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
}, 100);
