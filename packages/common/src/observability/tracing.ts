import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { register } from 'node:module';
import { trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { pathOf } from '../http/unmatched-request.js';
import { useRequestIdGenerator } from './request-id.js';
import { onShutdown } from './shutdown-hooks.js';

/** Requests answered in front of the app for machines; tracing them would bury the API's traces. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export interface TracingOptions {
  serviceName: string;
  serviceVersion: string;
  /** Where spans go: OTLP over HTTP (protobuf) to the collector the environment names by default. */
  exporter?: SpanExporter;
  /**
   * `batch` (the default) exports in the background in batches; `simple` exports each span as it
   * ends, for tests that read an in-memory exporter.
   */
  processor?: 'batch' | 'simple';
}

export interface Tracing {
  /** Exports what is still waiting and stops (also run when the service stops). */
  shutdown: () => Promise<void>;
}

/**
 * Starts tracing for this process: W3C trace context in and out, spans for the HTTP server and
 * client named by Express's route templates, and every MongoDB command, as children of the
 * request's span. Must run before `express`, `mongodb` and `http` are imported (through `node --import`):
 * ES modules can only be instrumented by a loader hook (import-in-the-middle) that sees them load.
 * The request id of a request without one becomes its trace id, so a log line leads to its trace.
 */
export async function startTracing(options: TracingOptions): Promise<Tracing> {
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const exporter = options.exporter ?? new OTLPTraceExporter();
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: options.serviceName,
      [ATTR_SERVICE_VERSION]: options.serviceVersion,
    }),
    spanProcessors: [
      options.processor === 'simple'
        ? new SimpleSpanProcessor(exporter)
        : new BatchSpanProcessor(exporter),
    ],
  });
  // The AsyncLocalStorage context manager and the W3C trace-context and baggage propagators.
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req: IncomingMessage) => UNTRACED_PATHS.has(pathOf(req.url)),
      }),
      // Express names the request's span by its route template (`GET /products/:id`, and
      // `http.route`); a span per middleware and handler would add little but cost on every
      // request (the services run one middleware and one handler), so the database commands are
      // the request span's own children.
      new ExpressInstrumentation({
        ignoreLayersType: [
          ExpressLayerType.MIDDLEWARE,
          ExpressLayerType.REQUEST_HANDLER,
          ExpressLayerType.ROUTER,
        ],
      }),
      new MongoDBInstrumentation(),
    ],
  });
  await waitForAllMessagesAcknowledged();

  useRequestIdGenerator(() => trace.getActiveSpan()?.spanContext().traceId ?? randomUUID());
  const shutdown = (): Promise<void> => provider.shutdown();
  onShutdown(shutdown);
  return { shutdown };
}
