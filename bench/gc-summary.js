// What the benchmarked service's garbage collector did while each scenario ran: a run of
// bench/run.js with BENCH_GC_LOG=<dir> leaves <dir>/gc-<pid>.log (bench/gc-log.js), and its result
// file the wall-clock window of every cold and measured pass (`windowMs`).
//   node bench/gc-summary.js <result.json> <gc log>
// Per pass, the main thread's: scavenges (count, sum, longest); full collections that overlap the
// pass, each from the start of its marking to the end of its final pause, with the event-loop
// stalls inside that span (a collection's marking shows as several long stalls in a row); stalls
// over 100 ms that overlap the pass; the largest heap sample inside it (old generation + large
// objects); and the other threads' scavenges and full collections together. Under load every
// loop iteration is a stall of some tens of ms, so stalls are not joined into episodes.
const { readFileSync } = require('node:fs');

const [resultFile, logFile] = process.argv.slice(2);
if (!resultFile || !logFile) {
  console.error('usage: node bench/gc-summary.js <result.json> <gc log>');
  process.exit(2);
}
const LONG_STALL_MS = 100;

const result = JSON.parse(readFileSync(resultFile, 'utf8'));
const events = readFileSync(logFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const [at, thread, kind, ...rest] = line.split(' ');
    return { at: Number(at), thread, kind, values: rest.map(Number) };
  });
const main = events.filter((e) => e.thread === 't0');

/** The main thread's full collections: [marking start, final pause end, final pause ms]. */
const collections = [];
let marking = null;
for (const e of main) {
  if (e.kind === 'incremental') marking ??= e.at;
  if (e.kind === 'major') {
    collections.push([marking ?? e.at, e.at + e.values[0], e.values[0]]);
    marking = null;
  }
}
/** Stalls: [start, end]. */
const stalls = main.filter((e) => e.kind === 'stall').map((e) => [e.at, e.at + e.values[0]]);

const ms = (x) => Math.round(x);
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const overlaps = ([from, to], [a, b]) => a < to && b >= from;
/** How long the loop stalled inside a span: only the part of each stall within it. */
const stalledIn = (span) =>
  sum(
    stalls
      .filter((s) => overlaps(span, s))
      .map(([a, b]) => Math.min(b, span[1]) - Math.max(a, span[0])),
  );
function pass(label, windowMs) {
  if (!windowMs) return null;
  const [from, to] = windowMs;
  const inside = (e) => e.at >= from && e.at < to;
  const minor = main.filter((e) => e.kind === 'minor' && inside(e)).map((e) => e.values[0]);
  const full = collections.filter((c) => overlaps(windowMs, c));
  const long = stalls
    .filter((s) => s[1] - s[0] > LONG_STALL_MS && overlaps(windowMs, s))
    .map(([a, b]) => b - a);
  const others = events.filter(
    (e) => e.thread !== 't0' && (e.kind === 'minor' || e.kind === 'major') && inside(e),
  );
  const heap = main
    .filter((e) => e.kind === 'heap' && inside(e))
    .map((e) => e.values[0] + e.values[2]);
  return {
    pass: label,
    seconds: Number(((to - from) / 1000).toFixed(1)),
    scavenges: `${minor.length}, ${ms(sum(minor))} ms, longest ${ms(Math.max(0, ...minor))} ms`,
    fullCollections: full.length
      ? full
          .map(
            ([a, b, pause]) =>
              `${ms(b - a)} ms, loop stalled ${ms(stalledIn([a, b]))} ms (final pause ${ms(pause)})`,
          )
          .join('; ')
      : '0',
    stallsOver100ms: `${long.length}, ${ms(sum(long))} ms, longest ${ms(Math.max(0, ...long))} ms`,
    largestHeapSampleMiB: heap.length ? Math.max(...heap) : null,
    otherThreads: `${others.length} collections, ${ms(sum(others.map((e) => e.values[0])))} ms`,
  };
}

const rows = [];
for (const s of result.results ?? []) {
  rows.push(pass(`${s.scenario}, cold pass`, s.coldPass?.windowMs));
  rows.push(pass(s.scenario, s.windowMs));
}
const shown = rows.filter(Boolean);
if (shown.length === 0) {
  console.error(`${resultFile} has no pass windows (recorded since bench/gc-summary.js exists)`);
  process.exit(1);
}
console.table(shown);
