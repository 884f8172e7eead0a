import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { HttpMetrics } from './http-metrics.js';
import { answerMetrics } from './metrics-endpoint.js';

type AppHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  unhandled?: (error?: unknown) => void,
) => void;

/**
 * The app with its requests timed, and `/metrics` answered in front of it when the metrics are
 * served on the service's own port (`onServicePort`). The handler carries the app's `request` and
 * `response` prototypes, so the server still builds requests with them (see `createAppServer`).
 */
export function measuredApp<A extends AppHandler>(
  app: A,
  metrics: HttpMetrics,
  logger: Logger,
  onServicePort: boolean,
): A {
  const measured: AppHandler = onServicePort
    ? (req, res, unhandled) => {
        if (answerMetrics(req, res, metrics, logger)) return;
        metrics.start(req, res);
        app(req, res, unhandled);
      }
    : (req, res, unhandled) => {
        metrics.start(req, res);
        app(req, res, unhandled);
      };
  const { request, response } = app as { request?: unknown; response?: unknown };
  return Object.assign(measured, { request, response }) as unknown as A;
}
