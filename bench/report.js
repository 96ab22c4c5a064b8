// Renders benchmark results as the Markdown tables of docs/benchmarks.md, so a table there is the
// file it names and never a hand copy:
//   node bench/report.js bench/results/<run>.json [more runs of bench/run.js …]
//   node bench/report.js bench/results/<date>-log-10000-1000000.json      (bench/log-bench.js)
//   node bench/report.js bench/results/<date>-discovery-ann-1000000.json  (bench/discovery-ann.js)
//   node bench/report.js bench/results/<date>-durable-floor.json  (bench/durable-floor.js, and
//     bench/page-floor.js's -page-floor.json: servers alternated round by round)
//   node bench/report.js bench/results/<date>-instructions.json   (bench/instructions.js)
// The targets are issue 20's, on the ratio to the plain Nest route of the same verb measured just
// before each scenario (requests/s over requests/s) and, since 2026-12-02, just after it too: a
// target is met only against both.
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
/** A result's date to the minute, `2026-12-02 05:01`. */
const when = (r) => r.date.slice(0, 16).replace('T', ' ');

function targetOf(scenario, agents) {
  const base = scenario.replace(/, asked again$/, '');
  return TARGETS.find(
    (t) =>
      t.scenario === base &&
      (t.maxAgents === undefined || agents < t.maxAgents) &&
      (t.minAgents === undefined || agents >= t.minAgents),
  );
}

/**
 * Met only against the plain route measured both before and after the scenario, where a run has
 * the second (since 2026-12-02): either pass alone can be a slow or a fast minute of the machine.
 */
function verdict(res, target) {
  if (!target) return '';
  const met =
    Math.min(res.ratioToPlainNest, res.ratioToPlainNestAfter ?? Infinity) >= target.ratio &&
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

/** ", then x after": the plain route measured again after the scenario, where a run has it. */
const after = (s, text) => (s.plainNestAfterRps === undefined ? '' : `, then ${text(s)} after`);

function serviceRun(r, file) {
  const agents = r.dataSet.agents;
  const twice = r.results.some((s) => s.plainNestAfterRps !== undefined);
  const out = [
    `**${n(agents)} agents** — \`${basename(file)}\`, ${when(r)} UTC; ` +
      // The runs of 2026-11-22 did not record the data set's name.
      `data set${r.dataSet.name ? ` \`${r.dataSet.name}\`` : ''}${r.dataSet.events == null ? '' : ` (its log ${n(r.dataSet.events)} events long after the run)`}; ${r.machine.cpus} cores ` +
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
    `| scenario | req/s | p50 ms | p99 ms | errors | CPU µs/req | ceiling req/s | plain Nest req/s (CPU µs)${twice ? ', before and after' : ''} | ` +
      `floor req/s | ratio to ceiling · plain Nest${twice ? ' (before, after)' : ''} · floor | ` +
      `target on the plain Nest ratio${twice ? ' (the lower of the two)' : ''} | cold pass req/s · p99 ms |`,
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const s of r.results) {
    const cold = s.coldPass ? `${n(s.coldPass.requestsPerSecond)} · ${n(s.coldPass.p99ms)}` : '—';
    out.push(
      `| \`${s.scenario}\` | ${n(s.requestsPerSecond)} | ${n(s.p50ms)} | ${n(s.p99ms)} | ${s.errors} | ` +
        `${n(s.cpuUsPerRequest)} | ${n(s.ceilingRps)} | ${n(s.plainNestRps)} (${n(s.plainNestCpuUsPerRequest)})${after(s, (x) => `${n(x.plainNestAfterRps)} (${n(x.plainNestAfterCpuUsPerRequest)})`)} | ` +
        `${n(s.floorRps)} | ${r3(s.ratioToCeiling)} · **${r3(s.ratioToPlainNest)}**${after(s, (x) => `**${r3(x.ratioToPlainNestAfter)}**`)} · ${r3(s.ratioToFloor)} | ` +
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
  // The plain passes' own records (r.plainNest, one a scenario, in order) hold their load
  // generator's cores where a result does not repeat them (runs of 2026-12-02 05:01 and 05:09).
  const rows = r.results
    .map((s, i) => ({
      ...s,
      plainNestLoadGeneratorCores:
        s.plainNestLoadGeneratorCores ?? r.plainNest?.[i]?.loadGeneratorCores,
    }))
    .filter((s) => s.cpuSplitUsPerRequest);
  if (rows.length === 0) return [];
  const split = (c, side) => (c ? `${c[`${side}User`]} · ${c[`${side}System`]}` : '—');
  const calls = (c) => (c ? syscallLine(c, 0.1) : '—');
  // Columns only for what the run recorded: calls with BENCH_SYSCALLS, the load generator's cores
  // since 2026-12-02.
  const counted = rows.some((s) => s.syscallsPerRequest);
  const generator = rows.some((s) => s.loadGeneratorCores !== undefined);
  const heads = [
    'scenario',
    'main thread',
    'other threads',
    'plain Nest, main thread',
    'floor, main thread',
    ...(counted ? ['calls, main thread', 'calls, other threads', 'plain Nest, calls'] : []),
    ...(generator ? ['load generator, cores: scenario · plain Nest before · after'] : []),
  ];
  const out = [
    '',
    `CPU µs a request, user · kernel${counted ? '; system calls a request' : ''}${generator ? "; the load generator's cores in the pass" : ''}:`,
    '',
    `| ${heads.join(' | ')} |`,
    `|${heads.map(() => '---').join('|')}|`,
  ];
  for (const s of rows) {
    const sys = s.syscallsPerRequest;
    const cells = [
      `\`${s.scenario}\``,
      split(s.cpuSplitUsPerRequest, 'main'),
      split(s.cpuSplitUsPerRequest, 'other'),
      split(s.plainNestCpuSplitUsPerRequest, 'main'),
      split(s.floorCpuSplitUsPerRequest, 'main'),
      ...(counted
        ? [calls(sys?.main), calls(sys?.otherThreads), calls(s.plainNestSyscallsPerRequest?.main)]
        : []),
      ...(generator
        ? [
            [
              s.loadGeneratorCores,
              s.plainNestLoadGeneratorCores,
              s.plainNestAfterLoadGeneratorCores,
            ]
              .map((c) => c ?? '—')
              .join(' · '),
          ]
        : []),
    ];
    out.push(`| ${cells.join(' | ')} |`);
  }
  return out;
}

function logRun(r, file) {
  const machine = r.machine
    ? `; ${r.machine.cpus} cores (${r.machine.model}), Node ${r.machine.node.replace(/^v/, '')}`
    : '';
  const out = [
    `**Rebuilds on the ${n(r.events)}-event log** — \`${basename(file)}\`, ${when(r)} UTC${machine}` +
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
    `**Discovery's similarity index at ${n(r.agents)} agents** — \`${basename(file)}\`, ${when(r)} UTC` +
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

/**
 * An alternation (bench/durable-floor.js, bench/page-floor.js): each verb's runs in the order they
 * ran, each with its ratio to the plain route of its own round, then each server's medians.
 */
function alternationRun(r, file) {
  const what = r.scenario ? `; \`${r.scenario}\`` : '';
  const page = r.page ? `; a page of ${r.page.items} candidates, ${n(r.page.bytes)} bytes` : '';
  const out = [
    `**Alternated** — \`${basename(file)}\`, ${when(r)} UTC; ` +
      `data set \`${basename(String(r.data))}\`${what}${page}` +
      (r.commit ? `; commit \`${r.commit.replace(/^([0-9a-f]{7})[0-9a-f]*/, '$1')}\`` : '') +
      '.',
    '',
    "| round | verb | server | req/s | CPU µs a request | p50 · p99 ms | errors | ratio to its round's plain route |",
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const run of r.runs) {
    const plain = r.runs.find(
      (p) => p.round === run.round && p.verb === run.verb && p.variant === 'plain',
    );
    out.push(
      `| ${run.round} | ${run.verb} | ${run.variant} | ${n(run.requestsPerSecond)} | ${n(run.cpuUsPerRequest)} | ` +
        `${run.p50ms} · ${run.p99ms} | ${run.errors} | ${r3(run.requestsPerSecond / plain.requestsPerSecond)} |`,
    );
  }
  const verbs = r.summary.plain ? { GET: r.summary } : r.summary;
  out.push('', '| verb | server | median req/s | median CPU µs | ratios to the plain route |');
  out.push('|---|---|---|---|---|');
  for (const [verb, servers] of Object.entries(verbs))
    for (const [name, m] of Object.entries(servers))
      out.push(
        `| ${verb} | ${name} | ${n(m.medianRequestsPerSecond)} | ${n(m.medianCpuUsPerRequest)} | ` +
          `${m.ratioToPlainNestPerRound.map(r3).join(', ')} |`,
      );
  return out.join('\n');
}

/**
 * bench/instructions.js: instructions a request per server. The median of the counted windows
 * leaves out a window's lump (a full collection, a log checkpoint); the mean spreads it.
 */
function instructionsRun(r, file) {
  const out = [
    `**Instructions a request** — \`${basename(file)}\`, ${when(r)} UTC, commit ` +
      `\`${(r.commit ?? 'unknown').replace(/^([0-9a-f]{7})[0-9a-f]*/, '$1')}\`; data set \`${r.data}\`; ${r.counter}; ` +
      `${r.load.connections} connections, windows of ${n(r.load.requestsPerWindow)} requests, ` +
      `${r.load.warmWindows} to warm up, then ${r.load.countedWindows} counted${flags(r)}`,
    '',
    '| server | median | mean | counted windows | warm-up windows | ratio to the plain route (median) | idle share |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const x of r.instructions) {
    const mean = x.countedWindows.reduce((a, b) => a + b, 0) / x.countedWindows.length;
    out.push(
      `| ${x.server} | ${n(x.instructionsPerRequest)} | ${n(mean)} | ${x.countedWindows.map(n).join(', ')} | ` +
        `${x.warmWindows.map(n).join(', ')} | ${r3(x.ratioToPlainNest)} | ${r3(x.idleShare)} |`,
    );
  }
  return out.join('\n');
}

function render(file) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  if (Array.isArray(r.results)) return serviceRun(r, file);
  if (Array.isArray(r.rebuilds)) return logRun(r, file);
  if (r.recallAt20 !== undefined) return annRun(r, file);
  if (Array.isArray(r.instructions)) return instructionsRun(r, file);
  // Other alternations (keyed-writes-cost, log-tail-cost, …) have runs too, but no plain route.
  if (Array.isArray(r.runs) && r.summary && r.runs.some((x) => x.variant === 'plain'))
    return alternationRun(r, file);
  throw new Error(`${file}: not a result this script renders (see its first lines)`);
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node bench/report.js <result.json> …');
  process.exit(2);
}
console.log(files.map(render).join('\n\n'));
