// The ceiling of Node HTTP on this machine: a bare Fastify route that returns a constant.
const Fastify = require('fastify');
const app = Fastify({ logger: false });
app.get('/ceiling', async () => ({ ok: true }));
app
  .listen({ port: Number(process.argv[2]), host: '127.0.0.1' })
  .then(() => process.send?.('ready'));
