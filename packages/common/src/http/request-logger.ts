import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { assignRequestId } from '../observability/request-id.js';

const MESSAGE = 'request completed';

/**
 * One line per finished request, with the id `assignRequestId` gives it. Not pino-http: its two
 * child loggers per request cost the cheapest routes about 70 % more CPU (docs/performance.md).
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const requestId = assignRequestId(req, res);
    const start = performance.now();
    res.once('finish', () => {
      logger.info(
        {
          requestId,
          method: req.method,
          url: req.originalUrl,
          status: res.statusCode,
          ms: Math.round(performance.now() - start),
        },
        MESSAGE,
      );
    });
    next();
  };
}
