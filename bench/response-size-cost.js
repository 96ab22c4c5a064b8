// CPU per request of bare Fastify answering a JSON body of the given sizes over loopback (autocannon,
// 64 connections, in the same process): how much of a response's cost is its size.
//   node bench/response-size-cost.js 20 2346 8000
const Fastify = require('fastify');
const autocannon = require('autocannon');

async function measure(size) {
  const body = JSON.stringify({ x: 'a'.repeat(Math.max(0, size - 8)) });
  const app = Fastify();
  app.get('/', (_req, reply) => {
    reply.header('content-type', 'application/json; charset=utf-8');
    return body;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${app.server.address().port}/`;
  await autocannon({ url, connections: 64, duration: 2 });
  const before = process.cpuUsage();
  const r = await autocannon({ url, connections: 64, duration: 8 });
  const cpu = process.cpuUsage(before);
  await app.close();
  const perRequest = (cpu.user + cpu.system) / r.requests.total;
  console.log(
    `${size} bytes: ${Math.round(r.requests.average)} req/s, ${perRequest.toFixed(1)} µs CPU a request (server and load generator)`,
  );
}

(async () => {
  for (const size of process.argv.slice(2).map(Number)) await measure(size);
})();
