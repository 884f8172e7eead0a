import type { ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';

/** Starts the timing of one request; its log line is written when the response finishes. */
export type RequestLogStart = (req: Request, res: ServerResponse) => void;

/**
 * One log line per finished request. Deliberately smaller than pino-http: no child logger or
 * serializer pass per request, because request logging must cost almost nothing. A plain `on`
 * listener (a response finishes once, so `once` and its wrapper buy nothing) and a closure for
 * the start time: storing the time on the response object instead would change that object's
 * shape and slow every later property access on it.
 */
export function startRequestLog(logger: Logger): RequestLogStart {
  return (req, res) => {
    if (!logger.isLevelEnabled('info')) return;
    const startedAt = performance.now();
    res.on('finish', () => {
      logger.info(
        {
          method: req.method,
          url: req.originalUrl,
          status: res.statusCode,
          ms: Math.round((performance.now() - startedAt) * 10) / 10,
        },
        'request completed',
      );
    });
  };
}

/** The same logging as a middleware of its own (createHttpApp folds it into one preamble step). */
export function requestLogger(logger: Logger): RequestHandler {
  const start = startRequestLog(logger);
  return (req, res, next) => {
    start(req, res);
    next();
  };
}
