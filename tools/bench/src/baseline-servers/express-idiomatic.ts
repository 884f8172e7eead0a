import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import express, { type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import helmet from 'helmet';
import { pino } from 'pino';
import { pinoHttp } from 'pino-http';
import type { Reply } from '../baselines/types.js';
import { closeServer, portOf } from './close.js';
import { helmetOptions, REQUEST_ID_HEADER, REQUEST_LIMIT, requestMetrics } from './same-work.js';
import type { BaselineServer } from './types.js';

function send(res: Response, reply: Reply): void {
  if (reply.headers !== undefined) res.set(reply.headers);
  if (reply.json !== undefined) res.status(reply.status).json(reply.json);
  else if (reply.text !== undefined) res.status(reply.status).send(reply.text);
  else res.sendStatus(reply.status);
}

/**
 * Express 5 doing what a service does on every request, with the parts its ecosystem documents:
 * pino-http (its `genReqId` example: the client's `X-Request-Id`, else a new UUID, echoed),
 * `helmet()`, express-rate-limit with the services' limit and its draft-8 headers, a prom-client middleware timing each response into the histogram, the route, and
 * `app.listen`.
 */
export const expressIdiomaticServer: BaselineServer = async (route, port, log) => {
  const { registry, duration } = requestMetrics();
  const app = express();
  app.use(
    pinoHttp({
      logger: log === undefined ? pino() : pino({}, log),
      genReqId: (req, res) => {
        const given = req.headers[REQUEST_ID_HEADER];
        const id = typeof given === 'string' && given !== '' ? given : randomUUID();
        res.setHeader(REQUEST_ID_HEADER, id);
        return id;
      },
    }),
  );
  // The services' options leave X-Powered-By to Express's own switch, as its docs advise.
  app.disable('x-powered-by');
  app.use(helmet(helmetOptions(route.securityHeaders)));
  app.use(
    rateLimit({
      windowMs: REQUEST_LIMIT.windowMs,
      limit: REQUEST_LIMIT.requests,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
    }),
  );
  app.use((req, res, next) => {
    const end = duration.startTimer({ method: req.method });
    res.on('finish', () => {
      const template: unknown = req.route?.path;
      end({
        route: typeof template === 'string' ? template : 'unmatched',
        status_code: res.statusCode,
      });
    });
    next();
  });
  app.get('/metrics', async (_req, res) => {
    res.set('Content-Type', registry.contentType);
    res.end(await registry.metrics());
  });
  const method = route.method === 'GET' ? 'get' : route.method === 'POST' ? 'post' : 'patch';
  const handlers = route.jsonBody ? [express.json()] : [];
  app[method](route.path, ...handlers, async (req, res) => {
    const params = req.params as Record<string, string>;
    send(res, await route.handle({ params, body: req.body, headers: req.headers }));
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(port, (error?: Error) =>
      error ? reject(error) : resolve(listening),
    );
  });
  return { port: portOf(server), close: () => closeServer(server) };
};
