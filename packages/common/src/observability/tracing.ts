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

/** Answered in front of the app for machines: traced, they would bury the API's traces. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export interface TracingOptions {
  serviceName: string;
  serviceVersion: string;
  /** OTLP over HTTP to the collector the environment names, by default. */
  exporter?: SpanExporter;
  /** `simple` exports each span as it ends, for tests that read an in-memory exporter. */
  processor?: 'batch' | 'simple';
}

export interface Tracing {
  /** Exports what is waiting and stops (also run when the service stops). */
  shutdown: () => Promise<void>;
}

/**
 * Starts tracing for this process: W3C trace context, spans for the HTTP server and client named
 * by Express's route templates, and every MongoDB command. Runs before `express`, `mongodb` and
 * `http` are imported (`node --import`): ES modules are instrumented only by a loader hook
 * (import-in-the-middle) that sees them load. A request without an id gets its trace id as one.
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
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req: IncomingMessage) => UNTRACED_PATHS.has(pathOf(req.url)),
      }),
      // Names the request's span by its route template; a span per middleware and handler
      // would cost every request and add little.
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
