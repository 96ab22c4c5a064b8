// Shared helpers for the benchmarks: start the built service as its own process, wait for health,
// and a bounded-concurrency HTTP runner. Plain JavaScript over dist/ (npm run bench builds first).
const { execFileSync, spawn } = require('node:child_process');
const { existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { createServer } = require('node:net');
const { createInterface } = require('node:readline');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const MAIN = join(ROOT, 'dist', 'apps', 'api', 'src', 'main.js');

/**
 * Node's own flags for a process the bench starts: those its npm script gives it (package.json:
 * `start` for the service, `cli` for a rebuild), so what is measured is what `npm start` runs;
 * BENCH_NODE_FLAGS replaces them ("" for none), for the service and the rebuilds alike.
 */
function nodeFlags(script) {
  const flags =
    process.env.BENCH_NODE_FLAGS ??
    JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
      .scripts[script].split(/\s+/)
      .filter((arg) => arg.startsWith('--'))
      .join(' ');
  return flags.split(/\s+/).filter(Boolean);
}

/** What a result records of the Node flags: the scripts' (or BENCH_NODE_FLAGS) and an inherited NODE_OPTIONS. */
function nodeFlagsUsed() {
  return {
    service: [
      ...nodeFlags('start'),
      ...(process.env.BENCH_GC_LOG ? ['--require', 'bench/gc-log.js'] : []),
    ].join(' '),
    rebuild: nodeFlags('cli').join(' '),
    nodeOptions: process.env.NODE_OPTIONS ?? null,
  };
}

/**
 * The commit a checkout was built from when it is a git checkout (its dist may be older), with
 * "+dirty" when its tracked files differ from that commit; null otherwise.
 */
function commitOf(checkout) {
  if (!existsSync(join(checkout, '.git'))) return null;
  const git = (...args) =>
    execFileSync('git', ['-C', checkout, ...args])
      .toString()
      .trim();
  return (
    git('rev-parse', 'HEAD') +
    (git('status', '--porcelain', '--untracked-files=no') ? '+dirty' : '')
  );
}

/** The middle value of a list of numbers (the mean of the two middle ones for an even count). */
function median(xs) {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The value below which a share `p` of the numbers lie (the nearest rank, not interpolated). */
function quantile(xs, p) {
  return [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
}

/**
 * Writes a result into bench/results, named by the minute its run ended, and the second too when a
 * result of that minute is already there (a short run can take less than one), so no run is
 * written over another; `node bench/report.js <file>` renders it as the tables of docs/benchmarks.md.
 */
function writeResult(report, name) {
  const dir = join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  let file = join(dir, `${report.date.slice(0, 16).replace(':', '')}-${name}.json`);
  if (existsSync(file))
    file = join(dir, `${report.date.slice(0, 19).replace(/:/g, '')}-${name}.json`);
  writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
  return file;
}

/** Writes the result of two builds measured alternately (bench/*-compare.js), and says where. */
function writeComparison(name, { before, after, data, loadAverage, runs, summary }) {
  const file = writeResult(
    {
      date: new Date().toISOString(),
      before: { checkout: before, commit: commitOf(before) },
      after: { checkout: after, commit: commitOf(after) },
      data,
      loadAverage,
      nodeFlags: nodeFlagsUsed(),
      runs,
      summary,
    },
    name,
  );
  console.log(`written ${file}`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitHealthy(baseUrl, child, timeoutMs = 3_600_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) {
        const body = await res.json();
        if (body.projections.every((p) => p.lag === 0 && p.state === 'live')) return body;
      }
    } catch {
      // not up yet: try again until the deadline
    }
    if (Date.now() > deadline) throw new Error('service did not become healthy');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts a build of the service (this checkout's by default) on a data directory; resolves when
 * healthy. `onLine`: called with each line of its standard output (its log), which is else dropped.
 * `launcher`: a command that runs Node (bench/callgrind.js), none by default.
 */
async function startService(dataDir, env = {}, main = MAIN, onLine = null, launcher = []) {
  const port = await freePort();
  const started = process.hrtime.bigint();
  const [command, ...prefix] = [...launcher, process.execPath];
  const child = spawn(
    command,
    [
      ...prefix,
      ...nodeFlags('start'),
      ...(process.env.BENCH_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
        : []),
      ...(process.env.BENCH_GC_LOG ? ['--require', join(__dirname, 'gc-log.js')] : []),
      main,
    ],
    {
      // Logs as in production (a JSON line per request), so their cost is part of what is measured.
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        RATE_LIMITS: 'off',
        LOG_FORMAT: 'json',
        ...env,
      },
      stdio: ['ignore', onLine ? 'pipe' : 'ignore', 'inherit'],
    },
  );
  if (onLine) createInterface({ input: child.stdout }).on('line', onLine);
  const baseUrl = `http://127.0.0.1:${port}`;
  const health = await waitHealthy(baseUrl, child);
  const startupMs = Number(process.hrtime.bigint() - started) / 1e6;
  return {
    child,
    baseUrl,
    startupMs,
    health,
    /** The service's peak resident memory so far (VmHWM, MiB), or null where /proc has none. */
    peakRssMiB: () => {
      try {
        const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        return kb ? Math.round(Number(kb[1]) / 1024) : null;
      } catch {
        return null;
      }
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Runs a build's CLI (this checkout's by default) on a data directory with the Node flags of the
 * `cli` npm script, and returns what it printed ('' when `stdio` discards it).
 */
function runCli(args, dataDir, { checkout = ROOT, stdio } = {}) {
  const out = execFileSync(
    process.execPath,
    [...nodeFlags('cli'), join(checkout, 'dist', 'apps', 'cli', 'src', 'main.js'), ...args],
    { env: { ...process.env, DATA_DIR: dataDir }, ...(stdio ? { stdio } : {}) },
  );
  return out ? out.toString() : '';
}

/**
 * Drops the generations earlier rebuilds left on a data directory (bench/drop-leftovers.js, this
 * checkout's build), so that the next timed rebuild does not drop them in the middle of its work.
 * Returns what it dropped ('' when nothing).
 */
function dropLeftovers(dataDir) {
  return execFileSync(process.execPath, [join(__dirname, 'drop-leftovers.js'), dataDir])
    .toString()
    .trim();
}

/** Runs `task(i)` for i in [0, n) with at most `concurrency` in flight; throws on the first failure. */
async function pool(n, concurrency, task, onProgress) {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      await task(i);
      done++;
      if (onProgress && done % 1000 === 0) onProgress(done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, n) }, worker));
}

async function call(baseUrl, method, path, body, key) {
  const headers = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (key) headers.authorization = `Bearer ${key}`;
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * A process's CPU time so far in ms (Linux /proc, clock ticks of 10 ms: over a 10 s run at
 * thousands of requests per second well under 1 µs a request), split into user and system (kernel)
 * time, for its main thread (the event loop) and for all its threads. The sum of user and system
 * is the kernel's exact run time; the split is sampled, each timer tick charged to the side it
 * lands in, so it is good to about 6–10 % over a 10 s pass.
 */
function cpuTimesOf(pid) {
  const all = timesOf(`/proc/${pid}/stat`);
  const main = timesOf(`/proc/${pid}/task/${pid}/stat`);
  return { mainUser: main.user, mainSystem: main.system, user: all.user, system: all.system };
}

function timesOf(file) {
  const stat = readFileSync(file, 'utf8');
  // Fields after the command name (which may hold spaces), from field 3: utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: (Number(fields[11]) * 1000) / 100, system: (Number(fields[12]) * 1000) / 100 };
}

module.exports = {
  ROOT,
  MAIN,
  commitOf,
  dropLeftovers,
  median,
  quantile,
  nodeFlags,
  nodeFlagsUsed,
  writeResult,
  writeComparison,
  cpuTimesOf,
  freePort,
  startService,
  runCli,
  waitHealthy,
  pool,
  call,
};
