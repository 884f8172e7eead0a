import { randomUUID } from 'node:crypto';
import express from 'express';
import { rateLimit } from 'express-rate-limit';
import helmet from 'helmet';
import { pino } from 'pino';
import { pinoHttp } from 'pino-http';
import { addExpressRoute, listenExpress } from './express.js';
import { helmetOptions, REQUEST_ID_HEADER, REQUEST_LIMIT, requestMetrics } from './same-work.js';
import type { BaselineServer } from './types.js';

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
  addExpressRoute(app, route);
  return listenExpress(app, port);
};
