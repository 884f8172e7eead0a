import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathOf } from '../http/unmatched-request.js';

/** Not ready, and why (`database refuses writes: disk full`), for `/readyz` to say. */
export interface NotReady {
  reason: string;
}

export type ReadinessCheck = () => Promise<boolean | NotReady>;

function sendStatus(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(JSON.stringify(body));
}

/**
 * Answers `GET /healthz` (the process is up) and `GET /readyz` (its dependencies answer and it is
 * not stopping) in front of the app, so the service's routes, logs and 404s are untouched;
 * false for any other request.
 */
export function answerProbe(
  req: IncomingMessage,
  res: ServerResponse,
  state: { isReady: ReadinessCheck; shuttingDown: () => boolean },
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = pathOf(req.url);
  if (path === '/healthz') {
    sendStatus(res, 200, { status: 'ok' });
    return true;
  }
  if (path !== '/readyz') return false;
  if (state.shuttingDown()) {
    sendStatus(res, 503, { status: 'shutting down' });
    return true;
  }
  state.isReady().then(
    (ready) => {
      if (ready === true) sendStatus(res, 200, { status: 'ready' });
      else if (ready === false) sendStatus(res, 503, { status: 'dependencies unavailable' });
      else sendStatus(res, 503, { status: 'dependencies unavailable', reason: ready.reason });
    },
    () => sendStatus(res, 503, { status: 'dependencies unavailable' }),
  );
  return true;
}
