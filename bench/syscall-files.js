// Which thread and which file a scenario's system calls are on: the built service on a copy of a
// data set, one scenario of bench/run.js under load, strace attached for a few seconds of it.
// strace slows the service several times, so the counts a response are shares, not rates: the
// stores' batches are smaller under it. The rates: BENCH_SYSCALLS=1 (bench/syscalls.js).
//   node bench/syscall-files.js [data set=10000] [scenario filter=pulse] [seconds=3]
// Debian: `apt-get install strace`. Not part of npm test; docs/system-calls.md.
const { spawn } = require('node:child_process');
const { once } = require('node:events');
const { cpSync, mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const autocannon = require('autocannon');
const { startService } = require('./lib');
const { CONNECTIONS } = require('./load');
const { benchRequests, generatedSwipes } = require('./requests');

const CALLS = 'fcntl,pread64,pwrite64,writev,read,fsync';

async function main() {
  const [set = '10000', filter = 'pulse', seconds = '3'] = process.argv.slice(2);
  const source = join(__dirname, 'data', set);
  const work = mkdtempSync(join(tmpdir(), 'syscall-files-'));
  cpSync(source, work, { recursive: true });
  const { agents, matches } = JSON.parse(readFileSync(join(source, 'agents.json'), 'utf8'));
  const { scenarios } = benchRequests(agents, matches, generatedSwipes(join(source, 'events.db')));
  const [name, requests] = scenarios.find(([n]) => n.includes(filter)) ?? [];
  if (!name) throw new Error(`no scenario matches "${filter}"`);
  const service = await startService(work);
  const pid = service.child.pid;
  try {
    const load = autocannon({
      url: service.baseUrl,
      connections: CONNECTIONS,
      duration: 10,
      requests,
    });
    await new Promise((resolve) => setTimeout(resolve, 4_000)); // past the first, coldest requests
    const out = join(work, 'strace.txt');
    const strace = spawn(
      'strace',
      ['-f', '-q', '-y', '-e', `trace=${CALLS}`, '-o', out, '-p', `${pid}`],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    // once() rejects on 'error' (no strace): listened to from the start, as strace may also exit
    // by itself (attaching refused) before it is stopped.
    const exited = once(strace, 'exit');
    const stoppedEarly = await Promise.race([
      exited.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), Number(seconds) * 1000)),
    ]);
    if (stoppedEarly) throw new Error('strace exited before it was stopped');
    strace.kill('SIGINT');
    await exited;
    const result = await load;
    const { responses, counts } = countsOf(readFileSync(out, 'utf8'), pid, work);
    console.log(`${new Date().toISOString()}; data set ${set}; ${name}; strace for ${seconds} s`);
    console.log(
      `${responses} responses under strace; the whole load: ${Math.round(result.requests.average)} req/s, ${result.non2xx} not 2xx`,
    );
    for (const [key, n] of [...counts].sort((a, b) => b[1] - a[1]))
      console.log(
        `${key.padEnd(56)} ${String(n).padStart(6)}  ${(n / responses).toFixed(2)} a response`,
      );
  } finally {
    await service.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** strace -f -y lines (`<tid> <call>(<fd><<path>>, …`) counted by thread, call and file. */
function countsOf(text, pid, work) {
  const counts = new Map();
  let responses = 0;
  for (const line of text.split('\n')) {
    const m = /^(\d+)\s+(\w+)\(\d+<([^>]*)>/.exec(line);
    if (!m) continue;
    const [, tid, call, path] = m;
    // Every thread is named `node`: the others are told apart by their id, and their role by the
    // files they touch.
    const thread = tid === `${pid}` ? 'main' : `thread ${tid}`;
    const file = /^(TCP|socket):/.test(path) ? 'socket' : path.replace(work, '');
    if (thread === 'main' && call === 'writev' && file === 'socket') responses++;
    const key = `${thread} ${call} ${file}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return { responses: responses || 1, counts };
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
