// The load generator of bench/run.js and its summaries: autocannon against a process, with that
// process's CPU time per request, and the reference servers (ceiling, floor, plain Nest) under the
// same load.
const { fork } = require('node:child_process');
const { join } = require('node:path');
const autocannon = require('autocannon');
const { cpuTimesOf, freePort, median } = require('./lib');
const { countSyscalls } = require('./syscalls');

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);

/**
 * Runs the load against a process and measures that process's CPU time per request (in all, and
 * split by thread and by user and kernel time), and with BENCH_SYSCALLS its system calls per
 * request (bench/syscalls.js).
 */
async function measured(pid, url, requests, amount) {
  const syscalls = await countSyscalls(pid);
  let r;
  try {
    const before = cpuTimesOf(pid);
    const generatorBefore = process.cpuUsage();
    const startedAtMs = Date.now();
    r = await load(url, requests, amount);
    const after = cpuTimesOf(pid);
    const generator = process.cpuUsage(generatorBefore);
    const total = r.requests.total || 1;
    const cpuMs = after.user + after.system - before.user - before.system;
    r.cpuUsPerRequest = Math.round((cpuMs * 1000) / total);
    r.cpuSplitUsPerRequest = cpuSplitPerRequest(before, after, total);
    // When it ran (wall clock, ms): bench/gc-summary.js cuts the service's GC log by it.
    r.windowMs = [startedAtMs, Date.now()];
    // The load generator's cores (this process, autocannon on its main thread): near 1, the pass
    // measured autocannon rather than the server.
    r.loadGeneratorCores = Number(
      ((generator.user + generator.system) / 1000 / (r.windowMs[1] - startedAtMs)).toFixed(2),
    );
  } catch (error) {
    syscalls?.abandon(); // perf stopped and its file removed, whatever failed
    throw error;
  }
  if (syscalls) r.syscallsPerRequest = await syscalls.perRequest(r.requests.total || 1);
  return r;
}

/**
 * CPU µs a request. /proc has the main thread's times and the whole process's, not the other
 * threads' (writer threads, checkpointers, workers, libuv's pool): theirs is the difference.
 */
function cpuSplitPerRequest(before, after, requests) {
  const us = (ms) => Math.round((ms * 1000) / requests);
  const mainUser = after.mainUser - before.mainUser;
  const mainSystem = after.mainSystem - before.mainSystem;
  return {
    mainUser: us(mainUser),
    mainSystem: us(mainSystem),
    otherUser: us(after.user - before.user - mainUser),
    otherSystem: us(after.system - before.system - mainSystem),
  };
}

/** autocannon's load: `amount` requests, else DURATION seconds; `timeout` (s), else autocannon's 10. */
function load(url, requests, amount, timeout) {
  const run = amount ? { amount } : { duration: DURATION };
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, requests, ...run, ...(timeout ? { timeout } : {}) },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
  });
}

const ratio = (a, b) => Number((a / b).toFixed(3));

function summary(name, r, ceiling, floor, plain) {
  const rps = r.requests.average;
  return {
    scenario: name,
    requestsPerSecond: Math.round(rps),
    p50ms: r.latency.p50,
    p99ms: r.latency.p99,
    // The shape of the tail: whether a p99 comes from a slow minute or from a few slow requests.
    latencyMs: {
      mean: r.latency.mean,
      p90: r.latency.p90,
      p97_5: r.latency.p97_5,
      p99_9: r.latency.p99_9,
      max: r.latency.max,
    },
    errors: r.errors + r.timeouts + r.non2xx,
    ...(r.cpuUsPerRequest !== undefined ? { cpuUsPerRequest: r.cpuUsPerRequest } : {}),
    ...(r.cpuSplitUsPerRequest ? { cpuSplitUsPerRequest: r.cpuSplitUsPerRequest } : {}),
    ...(r.windowMs ? { windowMs: r.windowMs } : {}),
    ...(r.loadGeneratorCores !== undefined ? { loadGeneratorCores: r.loadGeneratorCores } : {}),
    ...(r.syscallsPerRequest ? { syscallsPerRequest: r.syscallsPerRequest } : {}),
    ratioToCeiling: ceiling ? ratio(rps, ceiling) : 1,
    ...(floor ? { ratioToFloor: ratio(rps, floor.requests.average) } : {}),
    ...(plain
      ? {
          ratioToPlainNest: ratio(rps, plain.requests.average),
          cpuRatioToPlainNest: ratio(plain.cpuUsPerRequest, r.cpuUsPerRequest),
        }
      : {}),
  };
}

/**
 * Starts a reference server in a process of its own (`script` answers 'ready' once listening);
 * `env` is added to its environment; `launcher`, a command that runs Node (bench/callgrind.js).
 */
async function startReference(script, args = [], env = {}, launcher = []) {
  const port = await freePort();
  const [execPath, ...prefix] = [...launcher, process.execPath];
  const child = fork(join(__dirname, script), [String(port), ...args], {
    execPath,
    // Under a launcher, Node's path is its argument; without one, the parent's flags as before.
    execArgv: launcher.length > 0 ? prefix : process.execArgv,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  // A server that dies before it is ready (under valgrind there are more ways) fails the bench
  // instead of leaving it waiting.
  await new Promise((ready, failed) => {
    child.once('message', ready);
    child.once('exit', (code, signal) =>
      failed(new Error(`${script} exited before it was ready (${signal ?? code})`)),
    );
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

/** Runs a reference server under the same load generator, in a process of its own. */
async function reference(script, requests, args = [], env = {}) {
  const { child, url } = await startReference(script, args, env);
  try {
    return await measured(child.pid, url, requests);
  } finally {
    child.kill();
  }
}

/** One measured run of an alternation (bench/durable-floor.js, bench/page-floor.js). */
const runOf = (verb, variant, r) => ({
  verb,
  variant,
  requestsPerSecond: Math.round(r.requests.average),
  cpuUsPerRequest: r.cpuUsPerRequest,
  p50ms: r.latency.p50,
  p99ms: r.latency.p99,
  errors: r.errors + r.timeouts + r.non2xx,
});

/** An alternation's medians per verb and variant, and each round's ratio to the plain route. */
function alternationSummary(runs, verbs, names) {
  return Object.fromEntries(
    verbs.map((verb) => {
      const of = (name) => runs.filter((r) => r.verb === verb && r.variant === name);
      const med = (name, field) => median(of(name).map((r) => r[field]));
      const ratios = (name) =>
        of(name).map((r) => {
          const plain = of('plain').find((p) => p.round === r.round);
          return Number((r.requestsPerSecond / plain.requestsPerSecond).toFixed(3));
        });
      const variants = names.map((name) => [
        name,
        {
          medianRequestsPerSecond: med(name, 'requestsPerSecond'),
          medianCpuUsPerRequest: med(name, 'cpuUsPerRequest'),
          medianP50ms: med(name, 'p50ms'),
          ratioToPlainNestPerRound: ratios(name),
        },
      ]);
      return [verb, Object.fromEntries(variants)];
    }),
  );
}

module.exports = {
  CONNECTIONS,
  DURATION,
  alternationSummary,
  load,
  measured,
  ratio,
  reference,
  startReference,
  runOf,
  summary,
};
