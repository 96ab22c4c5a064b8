// CPU per request line of the log's destination alone: the service's pino options, a request line
// with the service's fields (written through pino by a child logger without the redaction list,
// as the service wrote it before json-line.ts), to /dev/null, in bursts within one turn of the
// event loop (as the lines of busy connections come while a write is out), two destinations
// alternated:
// `text`, pino's default (sonic-boom handed each line as text), and `bytes`, the service's
// (libs/platform/src/logging/log-destination.ts). Runs on the built code (npm run build first).
//   node bench/log-destination-cost.js [lines a round=200000] [burst=64] [rounds=5]
const { openSync } = require('node:fs');
const { join } = require('node:path');
const { setImmediate: nextTurn } = require('node:timers/promises');
const pino = require('pino');
const platform = require(join(__dirname, '..', 'dist', 'libs', 'platform', 'src'));

const LINES = Number(process.argv[2] ?? 200_000);
const BURST = Number(process.argv[3] ?? 64);
const ROUNDS = Number(process.argv[4] ?? 5);
const options = platform.loggerOptions({ logLevel: 'info' });
const fd = openSync('/dev/null', 'w');
const destinations = {
  // What pino makes when it is given no destination (pino/lib/tools.js, normalizeArgs).
  text: () => pino.destination({ dest: fd, sync: false }),
  bytes: () => platform.logDestination(fd),
};

const line = (i) => ({
  requestId: `7f1c2d9e-5b3a-4c8e-9d0f-${String(i).padStart(12, '0')}`,
  method: 'POST',
  route: '/api/v1/swipes',
  status: 201,
  durationMs: 12,
  agentId: '0b8e7c1a-2f4d-4e6b-8a9c-1d2e3f4a5b6c',
});

async function round(kind) {
  const root = pino(options, destinations[kind]());
  const logger = root.child({}, { redact: [] });
  const write = async (n) => {
    for (let i = 0; i < n; i += BURST) {
      for (let k = 0; k < BURST; k++) logger.info(line(i + k), 'request');
      await nextTurn();
    }
  };
  await write(20_000); // warm-up
  const before = process.cpuUsage();
  await write(LINES);
  const used = process.cpuUsage(before);
  await new Promise((resolve) => root.flush(resolve));
  return ((used.user + used.system) / LINES) * 1000;
}

(async () => {
  const results = { text: [], bytes: [] };
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? ['text', 'bytes'] : ['bytes', 'text'];
    for (const kind of order) results[kind].push(Math.round(await round(kind)));
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [kind, ns] of Object.entries(results))
    console.log(
      `${kind}: median ${median(ns)} ns CPU a line (rounds ${ns.join(', ')}); ` +
        `${LINES} lines a round in bursts of ${BURST}`,
    );
})();
