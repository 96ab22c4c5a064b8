import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { AppConfig, loadConfig, newRequestId, noteRoute, toErrorBody } from '@companion/platform';
import { RealtimeIoAdapter } from '@companion/realtime';
import { AppModule, AppOptions } from './app.module';
import { serveApiDocs } from './openapi/api-docs';
import { allowCrossOrigin } from './openapi/cross-origin';
import { llmsTxt } from './openapi/llms-txt';
import { buildOpenApiDocument, OPENAPI_PATH } from './openapi/openapi-document';
import { withoutStartupChatter } from './start-logger';

export const API_PREFIX = 'api/v1';

/**
 * Builds the whole HTTP application; `main.ts` listens on it and the end-to-end tests start it on a
 * free port with their own configuration and clock.
 */
export async function createApp(
  options: AppOptions & { logger?: false } = {},
): Promise<NestFastifyApplication> {
  const loaded: AppConfig = options.config ?? loadConfig();
  // `logger: false` (the in-process tests) silences the request lines as well as Nest's own.
  const config: AppConfig =
    options.logger === false ? { ...loaded, logLevel: 'silent', logFormat: 'json' } : loaded;
  const adapter = new FastifyAdapter({
    bodyLimit: config.bodyLimitBytes,
    // Fastify's own logger stays off: requests are logged through nestjs-pino's (platform/src/logging).
    logger: false,
    // Behind the balancer (docker-compose.yml) the client's address is in X-Forwarded-For.
    trustProxy: config.trustProxy,
    genReqId: newRequestId,
    // Ids are UUIDs: a longer path parameter is refused by the router (414), in our error shape.
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: (
      error: Error,
      _request: unknown,
      reply: { status(code: number): { send(body: unknown): unknown } },
    ) => {
      const body = toErrorBody(error);
      reply.status(body.statusCode).send(body);
    },
  } as ConstructorParameters<typeof FastifyAdapter>[0]);
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot({ ...options, config }),
    adapter,
    {
      // Start-up lines wait for the pino logger, so every line has one format.
      bufferLogs: true,
      // Nest would add a form (urlencoded) parser; the API takes JSON only.
      bodyParser: false,
    },
  );
  app.useLogger(withoutStartupChatter(app.get(Logger), config.logLevel));
  const fastify = app.getHttpAdapter().getInstance();
  // The route pattern for the request's log line (never the path sent, which may carry a key).
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('X-Request-Id', request.id);
    noteRoute(request.raw, request.routeOptions.url);
    done();
  });
  // JSON only: any other media type is a 415, not a string body that fails validation.
  fastify.removeContentTypeParser(['text/plain']);
  // Every answer is data: browsers must not sniff a JSON body into something they would render.
  // A callback hook: an async one costs every response a promise.
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    void reply.header('X-Content-Type-Options', 'nosniff');
    done(null, payload);
  });
  // The owner's page and its session endpoints belong to the browser, not to the agent API (libs/owner).
  app.setGlobalPrefix(API_PREFIX, { exclude: ['api/health', 'owner', 'owner/{*path}'] });
  app.enableShutdownHooks();
  // socket.io shares the HTTP server with the raw /ws endpoint (libs/realtime).
  app.useWebSocketAdapter(new RealtimeIoAdapter(app));

  allowCrossOrigin(app);
  const document = buildOpenApiDocument(app, config);
  fastify.get(OPENAPI_PATH, (_req, reply) => {
    void reply.header('content-type', 'application/json; charset=utf-8').send(document);
  });
  serveApiDocs(app);
  const llms = llmsTxt(config.publicBaseUrl);
  fastify.get('/llms.txt', (_req, reply) => {
    void reply.header('content-type', 'text/plain; charset=utf-8').send(llms);
  });
  await app.init();
  return app;
}
