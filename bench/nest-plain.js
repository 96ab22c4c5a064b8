// The plain Nest route, the yardstick of issue 20: Nest on Fastify with the service's adapter options
// (apps/api/src/bootstrap.ts) and nothing else — no global pipe, no guard, no hooks — answering a
// constant, as a GET and as a POST (Fastify's JSON parser reads the body; nothing validates it).
// Between the bare Fastify ceiling and the service's floor (nest-floor.js): what Nest itself costs.
//   node bench/nest-plain.js <port>   (sends 'ready' to its parent)
require('reflect-metadata');
const { join } = require('node:path');
const { Controller, Get, HttpCode, Module, Post } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { FastifyAdapter } = require('@nestjs/platform-fastify');
const { loadConfig } = require(join(__dirname, '..', 'dist', 'libs', 'platform', 'src'));

const [port] = process.argv.slice(2);

// The decorators a TypeScript controller would carry, applied by hand (this file is plain JS).
class PlainController {
  get() {
    return { ok: true };
  }
  post() {
    return { swiped: true, liked: false, match: null };
  }
}
const method = (name, ...decorators) => {
  const descriptor = Object.getOwnPropertyDescriptor(PlainController.prototype, name);
  for (const d of decorators) d(PlainController.prototype, name, descriptor);
};
Reflect.defineMetadata('design:paramtypes', [], PlainController.prototype, 'get');
method('get', Get('plain'));
Reflect.defineMetadata('design:paramtypes', [], PlainController.prototype, 'post');
method('post', Post('plain'), HttpCode(200));
Controller()(PlainController);

class PlainModule {}
Module({ controllers: [PlainController] })(PlainModule);

async function main() {
  const config = loadConfig();
  const app = await NestFactory.create(
    PlainModule,
    new FastifyAdapter({
      bodyLimit: config.bodyLimitBytes,
      logger: false,
      trustProxy: false,
      routerOptions: { maxParamLength: 200 },
    }),
    { logger: false, bodyParser: false },
  );
  app.setGlobalPrefix('api/v1');
  await app.listen(Number(port), '127.0.0.1');
  process.send?.('ready');
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
