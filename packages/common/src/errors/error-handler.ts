import type { ErrorRequestHandler, Express, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { requestIdOf, requestLogFields } from '../observability/request-id.js';
import { reportUnavailableRequest } from '../runtime/outage-log.js';
import { classifyError, type ClassifiedError } from './classify.js';
import { cannotRouteHandler } from './not-found.js';

/** Writes the response for a classified error in the shape the service's spec prescribes. */
export type ErrorRenderer = (error: ClassifiedError, res: Response) => void;

export interface ErrorHandlerOptions {
  logger: Logger;
  render: ErrorRenderer;
}

/**
 * The one error-handling middleware of an app, registered after every route. Unexpected errors are
 * logged with their stack; what reaches the client is decided by the service's renderer alone.
 */
function createErrorHandler({ logger, render }: ErrorHandlerOptions): ErrorRequestHandler {
  return (thrown: unknown, req, res, next) => {
    const error = classifyError(thrown);
    // A request failed for want of the database is counted in the open outage log instead of
    // logged with its stack; without one (an app built without `connectWithMongo`) it is logged.
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
      // Too late to answer: let Express abort the connection.
      next(thrown);
      return;
    }
    render(error, res);
  };
}

export interface JsonErrorRendererOptions {
  /**
   * Add the request's id to every 5xx body as `requestId`, so a client can quote it and the log
   * line be found. Only for a service whose spec leaves its 500 body open: the others prescribe
   * the exact body.
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
  /** The answer to a request no route matched; the plain-text `Cannot <METHOD> <path>` 404 by default. */
  notFound?: RequestHandler;
}

/** Ends an app: the 404 for requests no route matched, then the one error handler, after every route. */
export function addErrorHandlers(
  app: Express,
  { logger, renderError, notFound = cannotRouteHandler() }: ErrorHandlersOptions,
): void {
  app.use(notFound);
  app.use(createErrorHandler({ logger, render: renderError }));
}
