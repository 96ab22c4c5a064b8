// Preloaded into the benchmarked service when BENCH_GC_LOG=<dir> is set (bench/lib.js adds
// `--require` of this file): every garbage collection of every thread, the main thread's event-loop
// stalls, and its heap every 5 s, as lines in <dir>/gc-<pid>.log, read by bench/gc-summary.js.
// Node runs preloaded modules in worker threads too, so each thread records its own collections.
//
// Why stalls beside the collections: V8 marks the old generation in many small steps on the main
// thread while the program runs, and the `gc` performance entries time only the first step and the
// final pause; a timer every 5 ms that fires late shows the whole stretch (docs/discovery-gc.md).
//
// Lines: `<wall ms> t<thread> <minor|major|incremental|weakcb> <ms>`, `<wall ms> t0 stall <ms>`
// (the loop late by more than STALL_MS), `<wall ms> t0 heap <old MiB> <young MiB> <large MiB>`.
// Written every 100 ms: the bench stops the service with SIGTERM, which ends it without 'exit'.
// A log that cannot be written is given up, never allowed to fail the service it measures.
const { appendFileSync, mkdirSync } = require('node:fs');
const { join } = require('node:path');
const { PerformanceObserver, constants, performance } = require('node:perf_hooks');
const { getHeapSpaceStatistics } = require('node:v8');
const { isMainThread, threadId } = require('node:worker_threads');

const TICK_MS = 5;
const STALL_MS = 20;
const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

function start(dir) {
  let file = join(dir, `gc-${process.pid}.log`);
  let lines = [];
  const flush = () => {
    if (lines.length === 0 || file === null) return;
    try {
      appendFileSync(file, `${lines.join('\n')}\n`);
    } catch (error) {
      console.error(`bench/gc-log.js: ${file} not written, logging stopped: ${error.message}`);
      file = null;
    }
    lines = [];
  };
  mkdirSync(dir, { recursive: true });
  setInterval(flush, 100).unref();
  process.on('exit', flush);

  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      lines.push(
        `${Math.round(performance.timeOrigin + e.startTime)} t${threadId} ${KINDS[e.detail.kind]} ${e.duration.toFixed(2)}`,
      );
  }).observe({ entryTypes: ['gc'] });

  if (!isMainThread) return;
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

// A worker given an environment of its own may not have the variable: it logs nothing.
if (process.env.BENCH_GC_LOG) start(process.env.BENCH_GC_LOG);
