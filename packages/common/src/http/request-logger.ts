import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp, type HttpLogger } from 'pino-http';
import type { Logger } from 'pino';
import { assignRequestId } from '../observability/request-id.js';

const MESSAGE = 'request completed';

/** The fields of a request's line (its `requestId` is bound to the line by pino-http). */
function requestFields(req: IncomingMessage, res: ServerResponse, ms: number) {
  const { originalUrl } = req as IncomingMessage & { originalUrl?: string };
  return { method: req.method, url: originalUrl ?? req.url, status: res.statusCode, ms };
}

/**
 * pino-http: one line per finished request, `msg` "request completed" with `requestId`, `method`,
 * `url`, `status` and `ms` (whole milliseconds), at info level also for a 5xx (the error
 * handler writes the error's own line). The request id is the one `assignRequestId` gives it, which
 * also sets `X-Request-Id`.
 */
export function requestLogger(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    genReqId: assignRequestId,
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: 'requestId', responseTime: 'ms' },
    customSuccessMessage: () => MESSAGE,
    customErrorMessage: () => MESSAGE,
    customSuccessObject: (req, res, value: { ms: number }) => requestFields(req, res, value.ms),
    customErrorObject: (req, res, _error, value: { ms: number }) =>
      requestFields(req, res, value.ms),
  });
}
