import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * CORS for the agent API, the health check, the OpenAPI document, its reference page and
 * /llms.txt: any origin, never with credentials. The API's only credential is the Bearer key a
 * script sets itself, which a browser never attaches on its own, so an open origin exposes nothing.
 * The owner pages (/owner…) run on a session cookie and stay same-origin: no CORS header at all.
 */
const CROSS_ORIGIN = /^\/(api\/|llms\.txt$)/;
const ALLOW_HEADERS = 'Authorization, Content-Type, Idempotency-Key, Last-Event-ID';
const EXPOSE_HEADERS = 'Retry-After, Deprecation, Link';

export function allowCrossOrigin(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, reply, done) => {
    if (!request.headers.origin || !CROSS_ORIGIN.test(request.url)) return done();
    void reply
      .header('Access-Control-Allow-Origin', '*')
      .header('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      void reply
        .header('Access-Control-Allow-Methods', 'GET, POST, PATCH, DELETE')
        .header('Access-Control-Allow-Headers', ALLOW_HEADERS)
        .header('Access-Control-Max-Age', '600')
        .status(204)
        .send();
      return;
    }
    done();
  });
}
