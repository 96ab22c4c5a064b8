// CPU per request of the request logging alone: pino-http with the service's own options
// (libs/platform/src/logging/request-logging.ts, LOG_FORMAT=json) on a request with the headers a
// runtime sends, its line written to /dev/null. Runs on the built code (npm run build first).
//   node bench/request-logging-cost.js [requests=200000]
const { EventEmitter } = require('node:events');
const { join } = require('node:path');
const pino = require('pino');
const pinoHttp = require('pino-http');
const { loggerParams } = require(join(__dirname, '..', 'dist', 'libs', 'platform', 'src'));

const N = Number(process.argv[2] ?? 200_000);
const { pinoHttp: options } = loggerParams({ logLevel: 'info', logFormat: 'json' });
const middleware = pinoHttp(options, pino.destination({ dest: '/dev/null', sync: true }));

const headers = {
  host: '127.0.0.1:3000',
  authorization: 'Bearer companion_sk_RxJ2jAQ-NIC03_6JT-cio-jLWOAQ4zF3rd4R0OekTzA',
  'user-agent': 'companion-runtime/1.0',
  accept: 'application/json',
  connection: 'keep-alive',
};

function once(i) {
  const req = { id: `r${i}`, method: 'GET', url: '/api/v1/agents/me/pulse', headers };
  const res = new EventEmitter();
  res.statusCode = 200;
  res.getHeaders = () => ({ 'content-type': 'application/json' });
  middleware(req, res, () => {});
  res.emit('finish');
}

for (let i = 0; i < 20_000; i++) once(i); // warm-up
const before = process.cpuUsage();
for (let i = 0; i < N; i++) once(i);
const used = process.cpuUsage(before);
console.log(
  `${(((used.user + used.system) / N) * 1000).toFixed(0)} ns CPU per request (${N} requests)`,
);
