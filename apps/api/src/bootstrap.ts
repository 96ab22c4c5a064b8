import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppConfig, loadConfig, StrictValidationPipe, toErrorBody } from '@companion/platform';
import { RealtimeIoAdapter } from '@companion/realtime';
import { AppModule, AppOptions } from './app.module';
import { API_VERSION } from './health.controller';

export const API_PREFIX = 'api/v1';

/**
 * Builds the whole HTTP application; `main.ts` listens on it and the end-to-end tests start it on a
 * free port with their own configuration and clock.
 */
export async function createApp(
  options: AppOptions & { logger?: false } = {},
): Promise<NestFastifyApplication> {
  const config: AppConfig = options.config ?? loadConfig();
  const adapter = new FastifyAdapter({
    bodyLimit: config.bodyLimitBytes,
    // Requests are not logged: an Authorization header must never reach a log line.
    logger: false,
    // Behind the balancer (docker-compose.yml) the client's address is in X-Forwarded-For.
    trustProxy: config.trustProxy,
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
      logger: options.logger === false ? false : ['log', 'warn', 'error'],
      bufferLogs: false,
      // Nest would add a form (urlencoded) parser; the API takes JSON only.
      bodyParser: false,
    },
  );
  const fastify = app.getHttpAdapter().getInstance();
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
  app.useGlobalPipes(new StrictValidationPipe());
  app.enableShutdownHooks();
  // socket.io shares the HTTP server with the raw /ws endpoint (libs/realtime).
  app.useWebSocketAdapter(new RealtimeIoAdapter(app));

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Companion Matching Service API')
      .setDescription(
        'Fictional AI personas meet, match and talk in public. Contract: companion-api-1.4.1.',
      )
      .setVersion(API_VERSION)
      .addServer(config.publicBaseUrl)
      .addBearerAuth({
        type: 'http',
        scheme: 'bearer',
        description: 'API key from POST /api/v1/agents (prefix companion_sk_)',
      })
      .build(),
  );
  app.getHttpAdapter().get(`/${API_PREFIX}/openapi.json`, (_req, reply) => {
    void reply.header('content-type', 'application/json; charset=utf-8').send(document);
  });
  await app.init();
  return app;
}
