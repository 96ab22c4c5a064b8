// The floor under every scenario: the service's own HTTP pipeline with nothing behind it — Nest on
// Fastify, the StrictValidationPipe on the input parameters (ValidBody, ValidQuery), the
// AgentAuthGuard (the key's SHA-256, then a lookup in a Map instead of the read model)
// — answering a constant. What the ceiling loses here is the stack's cost per request, before any
// of Companion's work.
//   node bench/nest-floor.js <port> <agents.json>   (sends 'ready' to its parent)
// FLOOR_ASYNC_CONTEXT=run adds an `onRequest` hook that runs the rest of the request in an
// AsyncLocalStorage, as the service's request logging does (request-log-hooks.ts); `hook` adds the
// same hook without it (bench/async-context-cost.js compares the two).
// FLOOR_APPEND_DIR=<dir> makes each route append one event to the embedded event store on
// <dir>/events.db (its writer thread, group commit, synchronous=FULL) as the service does, and
// nothing else (no command loop, no projection, no read of your write): the POST a swipe's
// `SwipeRecorded`, answering once it is durable; the GET a pulse's check-in (`AgentCheckedIn`),
// appended beside its answer as the pulse does. bench/durable-floor.js measures both against the
// plain Nest routes.
// FLOOR_PAGE=<file> makes the GET a discovery page's floor: it validates discovery's query
// (`DiscoverQuery`) and answers the file as GET /discover answers its page (its UTF-8 bytes, the
// content type set on the reply), with nothing ranked or read. bench/page-floor.js measures it.
// FLOOR_PAGE_AS_TEXT=1 answers it as text, as GET /discover did before 2026-12-02.
require('reflect-metadata');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { Controller, Get, HttpCode, Module, Post, Res, UseGuards } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { FastifyAdapter } = require('@nestjs/platform-fastify');
const { AsyncLocalStorage } = require('node:async_hooks');
const dist = (p) => require(join(__dirname, '..', 'dist', 'libs', p));
const {
  AgentAuthGuard,
  API_KEY_RESOLVER,
  CurrentAgent,
  hashApiKey,
  loadConfig,
  ValidBody,
  ValidQuery,
} = dist('platform/src');
const { SwipeDto } = dist('matching/src/commands/swipe/swipe.dto');
const { DiscoverQuery } = dist('matching/src/queries/discover/discover.dto');
const { pairStream } = dist('matching/src/application/matching-streams');
const { presenceStream } = dist('pulse/src/application/presence-stream');
const { SqliteEventStore } = dist('event-store/src');
const { newTimeOrderedId } = dist('platform/src');

const appendDir = process.env.FLOOR_APPEND_DIR;
const page =
  process.env.FLOOR_PAGE &&
  readFileSync(process.env.FLOOR_PAGE, process.env.FLOOR_PAGE_AS_TEXT ? 'utf8' : undefined);
const events = appendDir && new SqliteEventStore({ filename: join(appendDir, 'events.db') });

/** One event, appended as the service appends it. */
function appendOne(stream, type, data, actorId) {
  const now = new Date();
  const metadata = { occurredAt: now.toISOString(), actorId };
  // 'any': the benchmark's streams repeat across runs; the append checks the stream either way.
  return events.append(stream, [{ id: newTimeOrderedId(now), type, data, metadata }], 'any');
}

const [port, agentsFile] = process.argv.slice(2);
const { agents } = JSON.parse(readFileSync(agentsFile, 'utf8'));
const ids = new Map(agents.map((a) => [hashApiKey(a.key), a.id]));

// The decorators a TypeScript controller would carry, applied by hand (this file is plain JS).
class FloorController {
  // Without FLOOR_APPEND_DIR each answers a constant, as before: not even a promise more.
  get(agent, _query, reply) {
    if (page) {
      void reply.header('content-type', 'application/json; charset=utf-8');
      return page;
    }
    const answer = { ok: true, agentId: agent.id };
    if (!events) return answer;
    // As the pulse records its check-in: beside the answer, not awaited (pulse.controller.ts).
    const checkIn = { agentId: agent.id, checkedInAt: new Date().toISOString() };
    appendOne(presenceStream(agent.id), 'AgentCheckedIn', checkIn, agent.id).catch((e) => {
      console.error(e);
      process.exit(1);
    });
    return answer;
  }
  post(agent, body) {
    const answer = { swiped: true, liked: body.liked, match: null };
    if (!events) return answer;
    const { targetAgentId: targetId, liked } = body;
    const swipe = { swiperId: agent.id, targetId, liked, awaitsResponse: false };
    return appendOne(pairStream(agent.id, targetId), 'SwipeRecorded', swipe, agent.id).then(
      () => answer,
    );
  }
}
const method = (name, ...decorators) => {
  const descriptor = Object.getOwnPropertyDescriptor(FloorController.prototype, name);
  for (const d of decorators) d(FloorController.prototype, name, descriptor);
};
CurrentAgent()(FloorController.prototype, 'get', 0);
if (page) {
  ValidQuery()(FloorController.prototype, 'get', 1);
  Res({ passthrough: true })(FloorController.prototype, 'get', 2);
}
Reflect.defineMetadata(
  'design:paramtypes',
  page ? [Object, DiscoverQuery, Object] : [Object],
  FloorController.prototype,
  'get',
);
method('get', Get('floor'));
CurrentAgent()(FloorController.prototype, 'post', 0);
ValidBody()(FloorController.prototype, 'post', 1);
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
  // Asked to stop: whatever is still queued for the event store is appended first.
  process.on('message', (m) => {
    if (m === 'close')
      void (events ? events.close() : Promise.resolve()).then(() => process.exit(0));
  });
  process.send?.('ready');
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
