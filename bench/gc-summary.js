// What the benchmarked service's garbage collector did while each scenario ran: a run of
// bench/run.js with BENCH_GC_LOG=<dir> leaves <dir>/gc-<pid>.log (bench/gc-log.js), and its result
// file the wall-clock window of every cold and measured pass (`windowMs`).
//   node bench/gc-summary.js <result.json> <gc log>
// Per pass, the main thread's: scavenges (count, sum, longest), full collections (count and their
// final pauses), event-loop stalls over 100 ms (count, sum, longest: a full collection's marking
// shows there, spread over several hundred ms), the old generation at the pass's end; and the
// other threads' collections together.
const { readFileSync } = require('node:fs');

const [resultFile, logFile] = process.argv.slice(2);
if (!resultFile || !logFile) {
  console.error('usage: node bench/gc-summary.js <result.json> <gc log>');
  process.exit(2);
}
const result = JSON.parse(readFileSync(resultFile, 'utf8'));
const events = readFileSync(logFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const [at, thread, kind, ...rest] = line.split(' ');
    return { at: Number(at), thread, kind, values: rest.map(Number) };
  });

const ms = (x) => Math.round(x);
function pass(label, windowMs) {
  if (!windowMs) return null;
  const [from, to] = windowMs;
  const inside = events.filter((e) => e.at >= from && e.at < to);
  const main = inside.filter((e) => e.thread === 't0');
  const of = (list, kind) => list.filter((e) => e.kind === kind).map((e) => e.values[0]);
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  const minor = of(main, 'minor');
  const major = of(main, 'major');
  const stalls = of(main, 'stall').filter((x) => x > 100);
  const others = inside.filter((e) => e.thread !== 't0' && e.kind !== 'stall' && e.kind !== 'heap');
  const heap = events.filter((e) => e.thread === 't0' && e.kind === 'heap' && e.at < to).pop();
  return {
    pass: label,
    seconds: Number(((to - from) / 1000).toFixed(1)),
    scavenges: `${minor.length}, ${ms(sum(minor))} ms, longest ${ms(Math.max(0, ...minor))} ms`,
    fullCollections: `${major.length}${major.length ? ` (final pauses ${major.map(ms).join(', ')} ms)` : ''}`,
    stallsOver100ms: `${stalls.length}, ${ms(sum(stalls))} ms, longest ${ms(Math.max(0, ...stalls))} ms`,
    oldGenerationMiB: heap ? heap.values[0] : null,
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
