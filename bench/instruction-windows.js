// The windows bench/instructions.js counts a server in: requests sent in windows, each window's
// instructions read from callgrind (bench/callgrind.js), then an idle window.
const { median } = require('./lib');
const { load } = require('./load');

/** Under callgrind a request is 20–100 times slower; autocannon's 10 s would time out. */
const TIMEOUT_S = 300;

/** `amount` requests; throws unless every one was answered 2xx. */
async function send(url, requests, amount) {
  const r = await load(url, requests, amount, TIMEOUT_S);
  const bad = r.non2xx + r.errors + r.timeouts;
  if (bad > 0) throw new Error(`${bad} of ${amount} requests not answered 2xx`);
  return r;
}

/** How long the idle window lasts: the server's timers' work, counted with no request. */
const IDLE_S = 10;

/**
 * The windows of one server and scenario (`size` requests each, `warm` then `counted`): instructions
 * a request in each, the optimising compiler's share of them, and how long each took.
 * Then an idle window: work a timer or a poll does is paid per second, not per request, and
 * callgrind runs a request 15–45 times slower than Node alone, so that work weighs that much more
 * here than at full speed. The idle window says how much it can be; work left over from the
 * windows (appends not awaited) shows there too (docs/instruction-counts.md).
 */
async function windows(counter, url, requests, { size, warm, counted }) {
  const perRequest = [];
  const compilerPerRequest = [];
  const seconds = [];
  for (let w = 0; w < warm + counted; w++) {
    counter.zero();
    const startedAt = Date.now();
    await send(url, requests, size);
    const { instructions, compiler } = await counter.read();
    perRequest.push(Math.round(instructions / size));
    compilerPerRequest.push(Math.round(compiler / size));
    seconds.push(Number(((Date.now() - startedAt) / 1000).toFixed(1)));
    process.stdout.write(`${perRequest[w]} (${compilerPerRequest[w]}) `);
  }
  counter.zero();
  await new Promise((done) => setTimeout(done, IDLE_S * 1000));
  const idlePerSecond = Math.round((await counter.read()).instructions / IDLE_S);
  const countedWindows = perRequest.slice(warm);
  const countedCompiler = compilerPerRequest.slice(warm);
  const instructionsPerRequest = Math.round(median(countedWindows));
  const countedSeconds = median(seconds.slice(warm));
  return {
    warmWindows: perRequest.slice(0, warm),
    countedWindows,
    countedWindowSeconds: seconds.slice(warm),
    instructionsPerRequest,
    // The optimising compiler's share of each window, a request (docs/instruction-counts.md).
    compilerWarmWindows: compilerPerRequest.slice(0, warm),
    compilerCountedWindows: countedCompiler,
    withoutCompilerPerRequest: Math.round(
      median(countedWindows.map((n, i) => n - countedCompiler[i])),
    ),
    idleInstructionsPerSecond: idlePerSecond,
    // At most this share of a counted window is what the server does idle over as long.
    idleShare: Number(
      ((idlePerSecond * countedSeconds) / (instructionsPerRequest * size)).toFixed(3),
    ),
  };
}

module.exports = { send, windows };
