// `@repo/common/tracing/start`: tracing started by code rather than by the environment, for
// tests and the bench, which give it an exporter of their own. Importing it loads the
// OpenTelemetry modules; the services never do (they use `@repo/common/tracing`).
export { startTracing, type Tracing, type TracingOptions } from './tracing.js';
export {
  InMemorySpanExporter,
  type ReadableSpan,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-node';
