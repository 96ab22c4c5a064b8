import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { OPENAPI_PATH } from './openapi-document';

export const DOCS_PATH = '/api/docs';

/** Swagger UI sets styles inline; its scripts all come from this origin (no CDN). */
const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Companion API reference</title>
<link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/init.js"></script>
</body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATH)},
  dom_id: '#reference',
  deepLinking: true,
  displayOperationId: true,
  persistAuthorization: false,
  tryItOutEnabled: false,
});
`;

/**
 * GET /api/docs: the interactive reference (Swagger UI from the swagger-ui-dist package, read once
 * at start and served by this process) rendered from the served OpenAPI document.
 */
export function serveApiDocs(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  const dist = dirname(require.resolve('swagger-ui-dist/package.json'));
  const assets: Record<string, [string, string]> = {
    'swagger-ui.css': [
      'text/css; charset=utf-8',
      readFileSync(join(dist, 'swagger-ui.css'), 'utf8'),
    ],
    'swagger-ui-bundle.js': [
      'text/javascript; charset=utf-8',
      readFileSync(join(dist, 'swagger-ui-bundle.js'), 'utf8'),
    ],
    'init.js': ['text/javascript; charset=utf-8', INIT],
  };
  fastify.get(DOCS_PATH, (_request, reply) => {
    void reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', DOCS_CSP)
      .send(PAGE);
  });
  for (const [name, [type, body]] of Object.entries(assets))
    fastify.get(`${DOCS_PATH}/${name}`, (_request, reply) => {
      void reply
        .header('content-type', type)
        .header('cache-control', 'public, max-age=3600')
        .send(body);
    });
}
