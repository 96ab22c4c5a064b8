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

const READ = `SELECT position, type, data, metadata, event_id, stream_name, revision, recorded_at
  FROM events WHERE stream_name = ? AND revision <= ? ORDER BY revision DESC LIMIT 1`;

if (!isMainThread) {
  // The other connection: one small transaction when asked (flag 1), nothing when asked with 4;
  // then flag 2. Not flushed, so that both waits for it are about as short.
  const db = new Database(workerData.file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.exec('CREATE TABLE IF NOT EXISTS bench_ticks (x INTEGER)');
  const tick = db.prepare('INSERT INTO bench_ticks (x) VALUES (?)');
  const flag = new Int32Array(workerData.flag);
  for (let i = 0; ; i++) {
    Atomics.wait(flag, 0, 0);
    const asked = Atomics.load(flag, 0);
    if (asked === 3) break;
    if (asked === 1) tick.run(i);
    Atomics.store(flag, 0, 2);
    Atomics.notify(flag, 0);
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
  const s = [...times].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))].toFixed(1);
  return `p50 ${at(0.5).padStart(6)} µs  p90 ${at(0.9).padStart(6)} µs`;
}

function timed(fn) {
  const t0 = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t0) / 1000;
}

const flagBuffer = new SharedArrayBuffer(4);
const flag = new Int32Array(flagBuffer);
const writer = new Worker(__filename, { workerData: { file, flag: flagBuffer } });
/** Has the other connection commit once (or do nothing), and waits for it. */
function askWriter(commit) {
  const asked = commit ? 1 : 4;
  Atomics.store(flag, 0, asked);
  Atomics.notify(flag, 0);
  Atomics.wait(flag, 0, asked);
  Atomics.store(flag, 0, 0);
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
        askWriter(false);
        plain.push(timed(() => read.all(stream(), MAX)));
        work(gapMs);
        askWriter(true);
        afterCommit.push(timed(() => read.all(stream(), MAX)));
      }
      const label = gapMs === 0 ? 'back to back' : `after ${gapMs} ms of work`;
      console.log(`${label.padEnd(22)} fstat ${quantiles(stat)}`);
      console.log(`${''.padEnd(22)} read, nothing committed ${quantiles(plain)}`);
      console.log(`${''.padEnd(22)} read, a commit before it ${quantiles(afterCommit)}`);
    }
  } finally {
    Atomics.store(flag, 0, 3);
    Atomics.notify(flag, 0);
    closeSync(fd);
    db.close();
    writer.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
}, 100);
