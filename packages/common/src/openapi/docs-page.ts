import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathOf } from '../http/unmatched-request.js';
import type { AsyncApiDocument } from '../asyncapi/async-api-document.js';
import type { ApiDocument } from './api-document.js';

export const OPENAPI_PATH = '/openapi.json';
export const ASYNCAPI_PATH = '/asyncapi.json';
export const DOCS_PATH = '/docs';

const require = createRequire(import.meta.url);

const HTML = 'text/html; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';

/** Served from the service's own `swagger-ui-dist`: the page needs no other network. */
const SWAGGER_UI_FILES = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': JS,
  'favicon-32x32.png': 'image/png',
};

/**
 * A file rather than an inline script, so the Content-Security-Policy can forbid inline scripts;
 * `validatorUrl: null` keeps the document from Swagger UI's public validator.
 */
const INITIALIZER = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATH)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
});
`;

function page(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
<link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/swagger-initializer.js"></script>
</body>
</html>
`;
}

/** Swagger UI sets inline styles, shows a data: logo and calls the service ("Try it out"). */
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

interface Resource {
  type: string;
  body: () => Promise<Buffer>;
}

function constant(text: string): () => Promise<Buffer> {
  const body = Promise.resolve(Buffer.from(text));
  return () => body;
}

/** Read on first request and kept (the bundle is 1.7 MB). */
function fileOnDemand(file: string): () => Promise<Buffer> {
  let body: Promise<Buffer> | undefined;
  return () => (body ??= readFile(require.resolve(file)));
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Answers `GET /openapi.json` (the document, serialized once here), `GET /asyncapi.json` (the
 * events' document, for a service that publishes) and `GET /docs` with Swagger UI's files, in
 * front of the app as the probes are (the service's routes, 404s and request logs stay as they
 * are); false for any other request.
 */
export function apiDocsResponder(
  document: ApiDocument,
  eventsDocument?: AsyncApiDocument,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const html = constant(page(document.info.title));
  const resources = new Map<string, Resource>([
    [OPENAPI_PATH, { type: JSON_TYPE, body: constant(JSON.stringify(document)) }],
    [DOCS_PATH, { type: HTML, body: html }],
    [`${DOCS_PATH}/`, { type: HTML, body: html }],
    [`${DOCS_PATH}/swagger-initializer.js`, { type: JS, body: constant(INITIALIZER) }],
  ]);
  if (eventsDocument !== undefined) {
    resources.set(ASYNCAPI_PATH, {
      type: JSON_TYPE,
      body: constant(JSON.stringify(eventsDocument)),
    });
  }
  for (const [name, type] of Object.entries(SWAGGER_UI_FILES)) {
    resources.set(`${DOCS_PATH}/${name}`, { type, body: fileOnDemand(`swagger-ui-dist/${name}`) });
  }

  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const resource = resources.get(pathOf(req.url));
    if (resource === undefined) return false;
    resource.body().then(
      (body) => {
        res.writeHead(200, {
          'content-type': resource.type,
          'content-length': body.length,
          'cache-control': 'no-cache',
          'content-security-policy': DOCS_CSP,
          'x-content-type-options': 'nosniff',
        });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('API documentation files are missing from this installation');
      },
    );
    return true;
  };
}
