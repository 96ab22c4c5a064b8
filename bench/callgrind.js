// A server process under valgrind's callgrind, which counts the instructions the process executes
// (user space, every thread, the JIT's code included): a count that does not move with the
// machine's minute, where time per request moved by up to 2× (docs/instruction-counts.md).
// Instrumentation starts off (the start-up runs about twice as fast) and is switched on before
// any request is counted; each window's count is dumped with callgrind_control (valgrind's own
// tool, https://valgrind.org/docs/manual/cl-manual.html, "callgrind_control").
const { execFileSync } = require('node:child_process');
const { existsSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

/**
 * The command prefix that runs Node under callgrind, its dumps in `dir`. V8 writes the code it
 * runs: valgrind must check every write outside a file mapping for code it has translated.
 */
function callgrindLauncher(dir) {
  return [
    'valgrind',
    '--tool=callgrind',
    '--smc-check=all-non-file',
    '--instr-atstart=no',
    `--callgrind-out-file=${join(dir, 'callgrind.%p')}`,
    // Its own messages to a file: the process's standard error stays the server's.
    `--log-file=${join(dir, 'valgrind.%p.log')}`,
  ];
}

/** Whether valgrind can be run here (Debian's valgrind package). */
function callgrindAvailable() {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** V8's optimising compiler's work on its background threads (TurboFan's `ExecuteJob`). */
const COMPILER_TASK = 'v8::internal::OptimizingCompileDispatcher::CompileTask::RunInternal()';

/**
 * The instructions of a dump spent in COMPILER_TASK, everything it called included: the sum over
 * its call sites of each call's inclusive cost, which the dump gives on the line after `calls=`
 * (callgrind's format, https://valgrind.org/docs/manual/cl-format.html). Names are compressed:
 * `(id) name` defines an id, `(id)` alone repeats it. The task calls none of its callers, so no
 * cost is counted twice. A function V8 optimises late (one called once per connection, say) can be
 * compiled in a counted window and add tens of millions of instructions to it
 * (docs/instruction-counts.md, "The optimising compiler in a window").
 */
function compilerInstructions(text) {
  const names = new Map();
  let callee = '';
  let costOfCall = false;
  let total = 0;
  for (const line of text.split('\n')) {
    if (costOfCall) {
      costOfCall = false;
      // "<position> <Ir>": a zero count may be left out.
      if (callee === COMPILER_TASK) total += Number(line.split(' ')[1] ?? 0);
      continue;
    }
    // fn= and cfn= share their ids: either may define one.
    const fn = /^c?fn=\((\d+)\)(?: (.*))?$/.exec(line);
    if (fn) {
      if (fn[2] !== undefined) names.set(fn[1], fn[2]);
      if (line.startsWith('cfn=')) callee = names.get(fn[1]) ?? '';
    } else if (line.startsWith('calls=')) costOfCall = true;
  }
  return total;
}

/** Counting for the process `pid` started with `callgrindLauncher(dir)`. */
function instructionCounter(pid, dir) {
  // callgrind_control exits 0 even when it reached no process: its answer says whether it did.
  const control = (...args) => {
    const answer = execFileSync('callgrind_control', [...args, String(pid)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    }).toString();
    if (!/\bOK\b/.test(answer)) throw new Error(`callgrind_control ${args.join(' ')}: ${answer}`);
  };
  let dumps = 0;
  return {
    /** Switches the instrumentation on (off since the start). */
    instrument: () => control('-i', 'on'),
    /** Sets the counters to zero: the window starts. */
    zero: () => control('-z'),
    /**
     * The instructions executed since `zero`, from a dump of the counters, and how many of them
     * were the optimising compiler's (`compilerInstructions`).
     */
    async read() {
      control('-d');
      dumps += 1;
      const file = join(dir, `callgrind.${pid}.${dumps}`);
      // The dump's last line is its totals: until it is there, the file is still being written.
      for (let waited = 0; waited < 60_000; waited += 100) {
        const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
        const summary = /^summary: (\d+)$/m.exec(text);
        if (summary && /^totals: \d+$/m.test(text)) {
          // Nothing counted: the instrumentation was never switched on.
          if (Number(summary[1]) === 0) throw new Error(`${file}: no instruction counted`);
          return { instructions: Number(summary[1]), compiler: compilerInstructions(text) };
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`callgrind wrote no complete dump ${file}`);
    },
  };
}

module.exports = { callgrindAvailable, callgrindLauncher, instructionCounter };
