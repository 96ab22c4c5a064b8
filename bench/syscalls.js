// System calls a process makes while it is measured (BENCH_SYSCALLS=1 in bench/run.js, and in the
// reference servers' runs), counted per thread by Linux perf's syscall tracepoints (Debian:
// `apt-get install linux-perf`; it needs /proc/sys/kernel/perf_event_paranoid ≤ 2, or root).
// Counts, not times: a request's count does not move with the machine's speed, which its req/s
// does by up to three times here. What one call costs on this machine: bench/syscall-cost.js.
const { spawn } = require('node:child_process');
const { once } = require('node:events');
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
  const perf = spawn(
    'perf',
    ['stat', '-x', ',', '--per-thread', '-e', EVENTS.join(','), '-p', String(pid), '-o', out],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const failed = new Promise((_, reject) => {
    perf.once('error', (e) => reject(new Error(`BENCH_SYSCALLS needs Linux perf: ${e.message}`)));
    perf.once('exit', (code) => reject(new Error(`perf stat exited early (${code})`)));
  });
  await Promise.race([new Promise((r) => setTimeout(r, ATTACH_MS)), failed]);
  failed.catch(() => {}); // from here on, its exit is awaited below
  return {
    async perRequest(requests) {
      const exited = once(perf, 'exit');
      perf.kill('SIGINT');
      await exited;
      try {
        return perRequestOf(readFileSync(out, 'utf8'), pid, requests);
      } finally {
        rmSync(out, { force: true });
      }
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
  // Two places; a call made less than once in 200 requests is left out.
  const per = (counts) =>
    Object.fromEntries(
      Object.entries(counts)
        .sort(([a], [b]) => (a === 'all' ? -1 : b === 'all' ? 1 : counts[b] - counts[a]))
        .map(([name, n]) => [name, Number((n / requests).toFixed(2))])
        .filter(([, n]) => n > 0),
    );
  return { main: per(sums.main), otherThreads: per(sums.otherThreads) };
}

/** `10.04 (fcntl 4.44, pread64 3.43, …)`: every call first, then each named one of at least `min`. */
function syscallLine({ all = 0, ...named }, min = 0) {
  const each = Object.entries(named)
    .filter(([, n]) => n >= min)
    .map(([name, n]) => `${name} ${n}`);
  return `${all}${each.length ? ` (${each.join(', ')})` : ''}`;
}

module.exports = { countSyscalls, perRequestOf, syscallLine };
