import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { BaselineRoute, Reply } from '../baselines/types.js';
import { closeServer, portOf } from './close.js';
import type { BaselineServer } from './types.js';

/** The route's path template as a pattern: each `:name` matches one non-empty segment. */
function pathMatcher(path: string): (url: string) => Record<string, string> | undefined {
  const names: string[] = [];
  const source = path.replace(/:(\w+)/g, (_match, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const pattern = new RegExp(`^${source}$`);
  return (url) => {
    const queryAt = url.indexOf('?');
    const match = pattern.exec(queryAt === -1 ? url : url.slice(0, queryAt));
    if (match === null) return undefined;
    const params: Record<string, string> = {};
    names.forEach((name, index) => {
      params[name] = decodeURIComponent(match[index + 1] ?? '');
    });
    return params;
  };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function write(res: ServerResponse, reply: Reply): void {
  const [type, body] =
    reply.json !== undefined
      ? ['application/json; charset=utf-8', JSON.stringify(reply.json)]
      : reply.text !== undefined
        ? ['text/html; charset=utf-8', reply.text]
        : ['text/plain; charset=utf-8', STATUS_CODES[reply.status] ?? String(reply.status)];
  res.writeHead(reply.status, {
    ...reply.headers,
    'content-type': type,
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

async function answer(
  route: BaselineRoute,
  match: ReturnType<typeof pathMatcher>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const params = req.method === route.method ? match(req.url ?? '/') : undefined;
  if (params === undefined) {
    write(res, { status: 404 });
    return;
  }
  let body: unknown;
  try {
    body = route.jsonBody ? await readJson(req) : undefined;
  } catch {
    write(res, { status: 400 });
    return;
  }
  write(res, await route.handle({ params, body, headers: req.headers }));
}

/** Node's own `http` module: the route matched by hand, the body read and parsed by hand. */
export const nodeHttpServer: BaselineServer = async (route, port) => {
  const match = pathMatcher(route.path);
  const server = createServer((req, res) => {
    answer(route, match, req, res).catch(() => {
      if (!res.headersSent) write(res, { status: 500 });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, resolve);
  });
  return { port: portOf(server), close: () => closeServer(server) };
};
