// System calls a process makes while it is measured (BENCH_SYSCALLS=1 in bench/run.js, and in the
// reference servers' runs), counted per thread by Linux perf's syscall tracepoints (Debian:
// `apt-get install linux-perf`; it needs /proc/sys/kernel/perf_event_paranoid ≤ 2, or root).
// Counts, not times: a request's count does not move with the machine's speed, which its req/s
// does by two times between runs here. What one call costs on this machine: bench/syscall-cost.js.
const { spawn } = require('node:child_process');
const { readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

/** The calls counted one by one; `all` counts every call. */
const NAMED = [
  'fcntl',
  'pread64',
  'pwrite64',
  'read',
  'write',
  'writev',
  'fsync',
  'fdatasync',
  'futex',
  'epoll_pwait',
];
const EVENTS = ['raw_syscalls:sys_enter', ...NAMED.map((name) => `syscalls:sys_enter_${name}`)];
/** perf attaches to the process's threads after it starts: this long before the load begins. */
const ATTACH_MS = 300;

/**
 * Starts counting `pid`'s system calls, or returns null without BENCH_SYSCALLS. `perRequest(n)`
 * stops and gives the calls per request: the process's main thread (the event loop), and its
 * other threads together (writer threads, checkpointers, workers, libuv's pool).
 */
async function countSyscalls(pid) {
  if (!process.env.BENCH_SYSCALLS) return null;
  const out = join(tmpdir(), `bench-syscalls-${pid}-${Date.now()}.csv`);
  // --no-inherit: a thread started during the pass would else be counted in the line of the
  // thread that started it (the main thread, for workers), so it goes uncounted instead.
  const args = ['stat', '-x', ',', '--per-thread', '--no-inherit', '-e', EVENTS.join(',')];
  const perf = spawn('perf', [...args, '-p', String(pid), '-o', out], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Listened to from the start: an exit before perRequest must fail it, not leave it waiting.
  const exited = new Promise((resolve, reject) => {
    perf.once('error', (e) => reject(new Error(`BENCH_SYSCALLS needs Linux perf: ${e.message}`)));
    perf.once('exit', resolve);
  });
  exited.catch(() => {});
  let stopping = false;
  const early = exited.then((code) => {
    if (!stopping) throw new Error(`perf stat exited early (${code})`);
  });
  early.catch(() => {});
  await Promise.race([new Promise((r) => setTimeout(r, ATTACH_MS)), early]);
  return {
    async perRequest(requests) {
      try {
        if (perf.exitCode !== null || perf.signalCode !== null) await early;
        stopping = true;
        perf.kill('SIGINT');
        await exited;
        return perRequestOf(readFileSync(out, 'utf8'), pid, requests);
      } finally {
        rmSync(out, { force: true });
      }
    },
    /** Stops perf without reading it (the pass failed). */
    abandon() {
      stopping = true;
      perf.kill('SIGINT');
      exited.finally(() => rmSync(out, { force: true })).catch(() => {});
    },
  };
}

/** `perf stat -x, --per-thread` lines (`<comm>-<tid>,<count>,,<event>,…`) per request. */
function perRequestOf(csv, pid, requests) {
  const sums = { main: {}, otherThreads: {} };
  for (const line of csv.split('\n')) {
    const [thread, count, , event] = line.split(',');
    if (!event || !/^\d+$/.test(count)) continue; // comments, and threads gone or idle
    const side =
      thread.slice(thread.lastIndexOf('-') + 1) === String(pid) ? 'main' : 'otherThreads';
    const name =
      event === 'raw_syscalls:sys_enter' ? 'all' : event.replace('syscalls:sys_enter_', '');
    sums[side][name] = (sums[side][name] ?? 0) + Number(count);
  }
  // Two places: a call made less than once in 200 requests rounds to 0 and is left out.
  const per = (counts) =>
    Object.fromEntries(
      Object.entries(counts)
        .sort(([a], [b]) => (a === 'all' ? -1 : b === 'all' ? 1 : counts[b] - counts[a]))
        .map(([name, n]) => [name, Number((n / requests).toFixed(2))])
        .filter(([, n]) => n > 0),
    );
  return { main: per(sums.main), otherThreads: per(sums.otherThreads) };
}

/** Every call first, then the named ones made at least `min` times a request: short table cells. */
function syscallLine({ all = 0, ...named }, min = 0) {
  const each = Object.entries(named)
    .filter(([, n]) => n >= min)
    .map(([name, n]) => `${name} ${n}`);
  return `${all}${each.length ? ` (${each.join(', ')})` : ''}`;
}

module.exports = { countSyscalls, syscallLine };
