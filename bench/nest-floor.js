// The floor under every scenario: the service's own HTTP pipeline with nothing behind it — Nest on
// Fastify, the global StrictValidationPipe, the AgentAuthGuard (SHA-256 of the key, then a lookup
// in a Map instead of the read model) — answering a constant. What the ceiling loses here is the
// stack's cost per request, before any of Companion's work.
//   node bench/nest-floor.js <port> <agents.json>   (sends 'ready' to its parent)
// FLOOR_ASYNC_CONTEXT=run adds an `onRequest` hook that runs the rest of the request in an
// AsyncLocalStorage, as the service's request logging does (request-log-hooks.ts); `hook` adds the
// same hook without it (bench/async-context-cost.js compares the two).
require('reflect-metadata');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { Body, Controller, Get, HttpCode, Module, Post, UseGuards } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { FastifyAdapter } = require('@nestjs/platform-fastify');
const { AsyncLocalStorage } = require('node:async_hooks');
const dist = (p) => require(join(__dirname, '..', 'dist', 'libs', p));
const {
  AgentAuthGuard,
  API_KEY_RESOLVER,
  CurrentAgent,
  hashApiKey,
  StrictValidationPipe,
  loadConfig,
} = dist('platform/src');
const { SwipeDto } = dist('matching/src/commands/swipe/swipe.dto');

const [port, agentsFile] = process.argv.slice(2);
const { agents } = JSON.parse(readFileSync(agentsFile, 'utf8'));
const ids = new Map(agents.map((a) => [hashApiKey(a.key), a.id]));

// The decorators a TypeScript controller would carry, applied by hand (this file is plain JS).
class FloorController {
  get(agent) {
    return { ok: true, agentId: agent.id };
  }
  post(agent, body) {
    return { swiped: true, liked: body.liked, match: null };
  }
}
const method = (name, ...decorators) => {
  const descriptor = Object.getOwnPropertyDescriptor(FloorController.prototype, name);
  for (const d of decorators) d(FloorController.prototype, name, descriptor);
};
CurrentAgent()(FloorController.prototype, 'get', 0);
Reflect.defineMetadata('design:paramtypes', [Object], FloorController.prototype, 'get');
method('get', Get('floor'));
CurrentAgent()(FloorController.prototype, 'post', 0);
Body()(FloorController.prototype, 'post', 1);
Reflect.defineMetadata('design:paramtypes', [Object, SwipeDto], FloorController.prototype, 'post');
method('post', Post('floor'), HttpCode(200));
UseGuards(AgentAuthGuard)(FloorController);
Controller()(FloorController);

class FloorModule {}
Module({
  controllers: [FloorController],
  providers: [
    { provide: API_KEY_RESOLVER, useValue: { agentIdFor: async (hash) => ids.get(hash) ?? null } },
  ],
})(FloorModule);

async function main() {
  const config = loadConfig();
  const app = await NestFactory.create(
    FloorModule,
    new FastifyAdapter({ bodyLimit: config.bodyLimitBytes, logger: false, trustProxy: false }),
    { logger: false, bodyParser: false },
  );
  app.setGlobalPrefix('api/v1');
  app.useGlobalPipes(new StrictValidationPipe());
  const context = process.env.FLOOR_ASYNC_CONTEXT;
  if (context === 'run' || context === 'hook') {
    const storage = new AsyncLocalStorage();
    app
      .getHttpAdapter()
      .getInstance()
      .addHook('onRequest', (request, _reply, done) =>
        context === 'run' ? storage.run({ requestId: request.id }, done) : done(),
      );
  }
  await app.listen(Number(port), '127.0.0.1');
  process.send?.('ready');
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
