import { createServer, Server } from 'node:http';

export interface HealthReport {
  ok: boolean;
  body: Record<string, unknown>;
}

/**
 * The projector's health endpoint (`GET /health`): 200 while it works or waits for the lease as a
 * standby, 503 naming what stopped. A plain node:http server, started before the stores and the
 * lease, so an orchestrator sees a projector that is waiting, not one that does not answer.
 */
export function startHealthServer(port: number, report: () => Promise<HealthReport>): Server {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/health') {
      response.writeHead(404).end();
      return;
    }
    report().then(
      ({ ok, body }) => {
        response
          .writeHead(ok ? 200 : 503, {
            'content-type': 'application/json',
            'cache-control': 'no-store',
          })
          .end(JSON.stringify(body));
      },
      (error: unknown) => {
        response
          .writeHead(503, { 'content-type': 'application/json' })
          .end(JSON.stringify({ status: 'down', error: String(error) }));
      },
    );
  });
  server.listen(port, '0.0.0.0');
  server.unref();
  return server;
}
