// Renders benchmark results as the Markdown tables of docs/benchmarks.md, so a table there is the
// file it names and never a hand copy:
//   node bench/report.js bench/results/<run>.json [more runs of bench/run.js …]
//   node bench/report.js bench/results/<date>-log-10000-1000000.json      (bench/log-bench.js)
//   node bench/report.js bench/results/<date>-discovery-ann-1000000.json  (bench/discovery-ann.js)
// The targets are issue 20's, on the ratio to the plain Nest route of the same verb measured just
// before each scenario (requests/s over requests/s).
const { readFileSync } = require('node:fs');
const { basename } = require('node:path');
const { syscallLine } = require('./syscalls');

const TARGETS = [
  { scenario: 'GET /agents/me/pulse', ratio: 0.85 },
  { scenario: 'GET /discover', maxAgents: 50_000, ratio: 0.4 },
  { scenario: 'GET /discover', minAgents: 50_000, ratio: 0.2, p99ms: 100 },
  { scenario: 'POST /swipe', ratio: 0.5 },
  { scenario: 'POST /matches/{id}/messages', ratio: 0.5 },
];
const REBUILD_TARGET = 50_000;
const STARTUP_TARGET_MS = 10_000;

const n = (x) => (x == null ? '—' : Math.round(x).toLocaleString('en-US').replace(/,/g, ' '));
const r3 = (x) => (x == null ? '—' : x.toFixed(3));

function targetOf(scenario, agents) {
  const base = scenario.replace(/, asked again$/, '');
  return TARGETS.find(
    (t) =>
      t.scenario === base &&
      (t.maxAgents === undefined || agents < t.maxAgents) &&
      (t.minAgents === undefined || agents >= t.minAgents),
  );
}

function verdict(res, target) {
  if (!target) return '';
  const met =
    res.ratioToPlainNest >= target.ratio &&
    (target.p99ms === undefined || res.p99ms <= target.p99ms) &&
    res.errors === 0;
  const what = `≥ ${target.ratio}${target.p99ms ? `, p99 ≤ ${target.p99ms} ms` : ''}`;
  return `${what}: ${met ? '**met**' : 'missed'}`;
}

/** The Node flags a run's processes had (recorded from 2026-11-26 on; none before). */
function flags(r) {
  if (!r.nodeFlags) return '';
  const { service, rebuild } = r.nodeFlags;
  return service === rebuild
    ? `; node ${service || 'without flags'}`
    : `; node ${service || 'without flags'} (rebuild: ${rebuild || 'none'})`;
}

function serviceRun(r, file) {
  const agents = r.dataSet.agents;
  const out = [
    `**${n(agents)} agents** — \`${basename(file)}\`, ${r.date.slice(0, 16).replace('T', ' ')} UTC; ` +
      `data set \`${r.dataSet.name}\` (its log ${n(r.dataSet.events)} events long after the run); ${r.machine.cpus} cores ` +
      `(${r.machine.model}), ${r.machine.memoryGiB} GiB, Node ${r.machine.node.replace(/^v/, '')}` +
      (r.machine.kernel ? `, Linux ${r.machine.kernel}` : '') +
      '; ' +
      `${r.load.tool}, ${r.load.connections} connections, ${r.load.seconds} s per scenario after its cold pass` +
      (r.discoverWarmupS
        ? `, the discover scenarios ${r.discoverWarmupS} s after a first discover`
        : '') +
      flags(r) +
      (r.conditions ? `; ${r.conditions}` : '') +
      '.',
    '',
    '| scenario | req/s | p50 ms | p99 ms | errors | CPU µs/req | ceiling req/s | plain Nest req/s (CPU µs) | floor req/s | ratio to ceiling · plain Nest · floor | target on the plain Nest ratio | cold pass req/s · p99 ms |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const s of r.results) {
    const cold = s.coldPass ? `${n(s.coldPass.requestsPerSecond)} · ${n(s.coldPass.p99ms)}` : '—';
    out.push(
      `| \`${s.scenario}\` | ${n(s.requestsPerSecond)} | ${n(s.p50ms)} | ${n(s.p99ms)} | ${s.errors} | ` +
        `${n(s.cpuUsPerRequest)} | ${n(s.ceilingRps)} | ${n(s.plainNestRps)} (${n(s.plainNestCpuUsPerRequest)}) | ` +
        `${n(s.floorRps)} | ${r3(s.ratioToCeiling)} · **${r3(s.ratioToPlainNest)}** · ${r3(s.ratioToFloor)} | ` +
        `${verdict(s, targetOf(s.scenario, agents))} | ${cold} |`,
    );
  }
  out.push(...threadsTable(r));
  const tail = [];
  if (r.servicePeakRssMiB) tail.push(`the service's peak RSS ${n(r.servicePeakRssMiB)} MiB`);
  if (r.startupMs) tail.push(`start-up ${n(r.startupMs)} ms`);
  if (r.rebuild)
    tail.push(
      `inline rebuild of \`${r.rebuild.projection}\` ${n(r.rebuild.eventsPerSecond)} events/s`,
    );
  for (const f of r.firstByte ?? []) tail.push(`first byte \`${f.page}\` p50 ${f.p50ms} ms`);
  if (tail.length) out.push('', tail.join('; ') + '.');
  return out.join('\n');
}

/**
 * Where each request's CPU went (recorded since 2026-12-02): the event loop's thread and the
 * others, user and kernel time, beside the plain Nest route's and the floor's main thread; with
 * BENCH_SYSCALLS the system calls too, those made at least once in ten requests named.
 */
function threadsTable(r) {
  const rows = r.results.filter((s) => s.cpuSplitUsPerRequest);
  if (rows.length === 0) return [];
  const split = (c, side) => (c ? `${c[`${side}User`]} · ${c[`${side}System`]}` : '—');
  const calls = (c) => (c ? syscallLine(c, 0.1) : '—');
  const out = [
    '',
    'CPU µs a request, user · kernel, and system calls a request:',
    '',
    '| scenario | main thread | other threads | plain Nest, main thread | floor, main thread | calls, main thread | calls, other threads | plain Nest, calls |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const s of rows) {
    const sys = s.syscallsPerRequest;
    out.push(
      `| \`${s.scenario}\` | ${split(s.cpuSplitUsPerRequest, 'main')} | ${split(s.cpuSplitUsPerRequest, 'other')} | ` +
        `${split(s.plainNestCpuSplitUsPerRequest, 'main')} | ${split(s.floorCpuSplitUsPerRequest, 'main')} | ${calls(sys?.main)} | ${calls(sys?.otherThreads)} | ` +
        `${calls(s.plainNestSyscallsPerRequest?.main)} |`,
    );
  }
  return out;
}

function logRun(r, file) {
  const machine = r.machine
    ? `; ${r.machine.cpus} cores (${r.machine.model}), Node ${r.machine.node.replace(/^v/, '')}`
    : '';
  const out = [
    `**Rebuilds on the ${n(r.events)}-event log** — \`${basename(file)}\`, ${r.date.slice(0, 16).replace('T', ' ')} UTC${machine}` +
      flags(r) +
      (r.conditions ? `; ${r.conditions}` : '') +
      '.',
    '',
    `Start-up on caught-up read models: ${r.startupMs.map(n).join(', ')} ms (target ≤ ${n(STARTUP_TARGET_MS)}: ` +
      `${Math.max(...r.startupMs) <= STARTUP_TARGET_MS ? '**met**' : 'missed'}).`,
    '',
    `| projection | seconds (CLI start included) | events/s | events/s the engine reported | target ≥ ${n(REBUILD_TARGET)} |`,
    '|---|---|---|---|---|',
  ];
  for (const b of r.rebuilds)
    out.push(
      `| \`${b.projection}\` | ${b.seconds.toFixed(1)} | ${n(b.eventsPerSecond)} | ${n(b.engineReported)} | ` +
        `${b.eventsPerSecond >= REBUILD_TARGET ? '**met**' : 'missed'} |`,
    );
  return out.join('\n');
}

function annRun(r, file) {
  const ix = r.index;
  return [
    `**Discovery's similarity index at ${n(r.agents)} agents** — \`${basename(file)}\`, ${r.date.slice(0, 16).replace('T', ' ')} UTC` +
      (r.conditions ? `; ${r.conditions}` : '') +
      '.',
    '',
    '| recall@20 (target ≥ 0.98) | pages in the exact order | per new caller, wall p50 · p99 ms (target p99 ≤ 20) | CPU p50 · p99 ms | exact scan p50 · p99 ms | index bytes per agent (+ exact matrix) | build s (threads) | parameters |',
    '|---|---|---|---|---|---|---|---|',
    `| ${r.recallAt20} | ${r.pagesInExactOrder} | ${r.perNewCallerMs.p50} · ${r.perNewCallerMs.p99} | ` +
      `${r.perNewCallerCpuMs.p50} · ${r.perNewCallerCpuMs.p99} | ${r.exactRankingMs.p50} · ${r.exactRankingMs.p99} | ` +
      `${n(r.memory.indexBytesPerAgent)} (+ ${n(r.memory.matrixBytesPerAgent)}) | ${r.buildSeconds} (${ix.buildThreads ?? 1}) | ` +
      `${ix.library}, ${ix.metric}, degree ${ix.connectivity}, expansion ${ix.expansionAdd} / ${ix.expansionSearch}, oversample ${ix.oversample}${r.swipesPerCaller === undefined ? '' : `; callers with ${r.swipesPerCaller} swipes`}${r.sparseShare ? `; ${r.sparseShare} of the profiles without interests or bio` : ''} |`,
  ].join('\n');
}

function render(file) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  if (Array.isArray(r.results)) return serviceRun(r, file);
  if (Array.isArray(r.rebuilds)) return logRun(r, file);
  if (r.recallAt20 !== undefined) return annRun(r, file);
  throw new Error(
    `${file}: not a result of bench/run.js, bench/log-bench.js or bench/discovery-ann.js`,
  );
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node bench/report.js <result.json> …');
  process.exit(2);
}
console.log(files.map(render).join('\n\n'));
