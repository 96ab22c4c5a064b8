// Preloaded into the benchmarked service when BENCH_GC_LOG=<dir> is set (bench/lib.js adds
// `--require` of this file): every garbage collection of every thread, the main thread's event-loop
// stalls, and its heap every 5 s, as lines in <dir>/gc-<pid>.log, read by bench/gc-summary.js.
// Node runs preloaded modules in worker threads too, so each thread records its own collections.
//
// Why stalls beside the collections: V8's marking of the old generation runs in many small steps
// on the main thread while the program runs (`--trace-gc-nvp`: `incremental=` 136–281 ms of steps
// in 330–580 ms of wall time at 100 000 agents), and the `gc` performance entries time only the
// first and last of them. A timer every 5 ms that fires late shows the whole stretch.
//
// Lines: `<wall ms> t<thread> <minor|major|incremental|weakcb> <ms>`, `<wall ms> t0 stall <ms>`
// (the loop late by more than STALL_MS), `<wall ms> t0 heap <old MiB> <young MiB> <large MiB>`.
const { appendFileSync } = require('node:fs');
const { join } = require('node:path');
const { PerformanceObserver, constants, performance } = require('node:perf_hooks');
const { getHeapSpaceStatistics } = require('node:v8');
const { isMainThread, threadId } = require('node:worker_threads');

const file = join(process.env.BENCH_GC_LOG, `gc-${process.pid}.log`);
const TICK_MS = 5;
const STALL_MS = 20;
const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

let lines = [];
const flush = () => {
  if (lines.length === 0) return;
  appendFileSync(file, `${lines.join('\n')}\n`);
  lines = [];
};
setInterval(flush, 1000).unref();
process.on('exit', flush);

new PerformanceObserver((list) => {
  for (const e of list.getEntries())
    lines.push(
      `${Math.round(performance.timeOrigin + e.startTime)} t${threadId} ${KINDS[e.detail.kind]} ${e.duration.toFixed(2)}`,
    );
}).observe({ entryTypes: ['gc'] });

if (isMainThread) {
  let last = Date.now();
  setInterval(() => {
    const now = Date.now();
    if (now - last - TICK_MS > STALL_MS) lines.push(`${last} t0 stall ${now - last - TICK_MS}`);
    last = now;
  }, TICK_MS).unref();
  const mib = (spaces, name) =>
    Math.round((spaces.find((s) => s.space_name === name)?.space_used_size ?? 0) / 1048576);
  setInterval(() => {
    const spaces = getHeapSpaceStatistics();
    lines.push(
      `${Date.now()} t0 heap ${mib(spaces, 'old_space')} ${mib(spaces, 'new_space')} ${mib(spaces, 'large_object_space')}`,
    );
  }, 5000).unref();
}
