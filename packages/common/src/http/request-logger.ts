import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

/**
 * One log line per finished request. Deliberately smaller than pino-http: no child logger or
 * serializer pass per request, because request logging must cost almost nothing.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    if (!logger.isLevelEnabled('info')) {
      next();
      return;
    }
    const startedAt = performance.now();
    res.once('finish', () => {
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
    next();
  };
}
