// CPU per request of the request logging alone, with the service's own options
// (libs/platform/src/logging, LOG_FORMAT=json) on a request with the headers a runtime sends, its
// line written to /dev/null. Runs on the built code (npm run build first).
//   node bench/request-logging-cost.js [requests=200000] [hooks|pino-http]
// `hooks` (the default) is what the service runs: request-log-hooks.ts's Fastify hooks, called as
// Fastify calls them. `pino-http` is the middleware the service ran before, for comparison.
const { EventEmitter } = require('node:events');
const { join } = require('node:path');
const pino = require('pino');
const pinoHttp = require('pino-http');
const platform = require(join(__dirname, '..', 'dist', 'libs', 'platform', 'src'));

const N = Number(process.argv[2] ?? 200_000);
const MODE = process.argv[3] ?? 'hooks';
const options = platform.loggerOptions({ logLevel: 'info' });
const destination = pino.destination({ dest: '/dev/null', sync: true });

const headers = {
  host: '127.0.0.1:3000',
  authorization: 'Bearer companion_sk_RxJ2jAQ-NIC03_6JT-cio-jLWOAQ4zF3rd4R0OekTzA',
  'user-agent': 'companion-runtime/1.0',
  accept: 'application/json',
  connection: 'keep-alive',
};
const url = '/api/v1/agents/me/pulse';

let once;
if (MODE === 'pino-http') {
  const middleware = pinoHttp(
    { ...options, quietReqLogger: true, quietResLogger: true },
    destination,
  );
  once = (i) => {
    const req = { id: `r${i}`, method: 'GET', url, headers };
    const res = new EventEmitter();
    res.statusCode = 200;
    res.getHeaders = () => ({ 'content-type': 'application/json' });
    middleware(req, res, () => {});
    platform.noteRoute(req, url);
    res.emit('finish');
  };
} else {
  const root = pino(options, destination);
  const hooks = {};
  platform.installRequestLogging(
    { addHook: (name, fn) => (hooks[name] = fn) },
    () => root,
    (request) => platform.isLoggedPath(request.url),
  );
  const done = () => {};
  once = (i) => {
    const raw = { id: `r${i}`, method: 'GET', url, headers };
    const request = { id: raw.id, url, raw };
    const reply = { statusCode: 200, elapsedTime: 1.5, raw: { statusCode: 200 } };
    hooks.onRequest(request, reply, done);
    platform.noteRoute(raw, url);
    hooks.onResponse(request, reply, done);
  };
}

for (let i = 0; i < 20_000; i++) once(i); // warm-up
const before = process.cpuUsage();
for (let i = 0; i < N; i++) once(i);
const used = process.cpuUsage(before);
console.log(
  `${MODE}: ${(((used.user + used.system) / N) * 1000).toFixed(0)} ns CPU per request (${N} requests)`,
);
