import type { ErrorRequestHandler, Express, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { setAcceptForRoute } from '../http/request-body.js';
import { cannotRouteText, setAllowForKnownPath } from '../http/unmatched-request.js';
import { requestIdOf, requestLogFields } from '../observability/request-id.js';
import { reportUnavailableRequest } from '../runtime/outage-log.js';
import { classifyError, type ClassifiedError, type DatabaseErrors } from './classify.js';

/** Writes the response for a classified error in the shape the service's README fixes. */
export type ErrorRenderer = (error: ClassifiedError, res: Response) => void;

export interface JsonErrorRendererOptions {
  /**
   * Add the request's id to every 5xx body as `requestId`, so a client can quote it: only for a
   * service whose spec leaves its 500 body open.
   */
  requestIdOnServerErrors?: boolean;
}

/** `{ error: <message> }`, with a fixed text instead of the message for every 5xx. */
export function jsonErrorRenderer(
  genericServerMessage: string,
  { requestIdOnServerErrors = false }: JsonErrorRendererOptions = {},
): ErrorRenderer {
  return (error, res) => {
    if (error.status < 500) {
      res.status(error.status).json({ error: error.message });
      return;
    }
    const requestId = requestIdOnServerErrors ? requestIdOf(res.req) : undefined;
    res
      .status(error.status)
      .json(
        requestId === undefined
          ? { error: genericServerMessage }
          : { error: genericServerMessage, requestId },
      );
  };
}

export interface ErrorHandlersOptions {
  logger: Logger;
  renderError: ErrorRenderer;
  /** The answer to a request no route matched; `Cannot <METHOD> <path>` by default. */
  notFound?: RequestHandler;
  /** The service's database's failures; without them, each is an unexpected 500. */
  databaseErrors?: DatabaseErrors;
}

const cannotRoute: RequestHandler = (req, res) => {
  res.status(404).type('text/plain').send(cannotRouteText(req.method, req.originalUrl));
};

/**
 * Ends an app, after every route: the 404 (with `Allow` when the path has routes), then its one
 * error handler (a 415 with `Accept`, and `Accept-Post` or `Accept-Patch`). An unexpected error is logged with
 * its stack; the body that reaches the client is the service's renderer's alone.
 */
export function addErrorHandlers(
  app: Express,
  { logger, renderError, notFound = cannotRoute, databaseErrors }: ErrorHandlersOptions,
): void {
  const handleError: ErrorRequestHandler = (thrown: unknown, req, res, next) => {
    const error = classifyError(thrown, databaseErrors);
    // A request failed for want of the database is counted in the open outage log instead.
    const counted = error.unavailable === true && reportUnavailableRequest();
    if (!error.expected && !counted) {
      logger.error(
        {
          ...requestLogFields(req),
          err: thrown instanceof Error ? thrown : { message: error.message },
          method: req.method,
          url: req.originalUrl,
        },
        'unexpected error while handling a request',
      );
    }
    if (res.headersSent) {
      // Too late to answer: Express aborts the connection.
      next(thrown);
      return;
    }
    if (error.status === 415) setAcceptForRoute(app, req, res);
    renderError(error, res);
  };
  app.use((req, res, next) => {
    setAllowForKnownPath(app, req, res);
    notFound(req, res, next);
  });
  app.use(handleError);
}
