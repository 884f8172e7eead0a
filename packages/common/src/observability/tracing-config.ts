import { z } from 'zod';
import { loadEnv, type Env } from '../config/config.js';

/** A URL where an OpenTelemetry collector takes OTLP over HTTP. */
const endpointVariable = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL (OTLP over HTTP)' })
  .optional();

/**
 * The standard OpenTelemetry variables that switch tracing on: tracing runs only when an OTLP
 * endpoint is set (`OTEL_EXPORTER_OTLP_ENDPOINT`, or the traces-only
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`), and `OTEL_SDK_DISABLED=true` turns it off again, as the
 * specification says. The exporter reads the rest of the `OTEL_EXPORTER_OTLP_*` variables itself.
 */
const tracingSchema = z.object({
  OTEL_EXPORTER_OTLP_ENDPOINT: endpointVariable,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpointVariable,
  OTEL_SDK_DISABLED: z.enum(['true', 'false'], { error: 'must be "true" or "false"' }).optional(),
  OTEL_SERVICE_NAME: z.string().min(1, 'must not be empty').optional(),
});

export interface TracingSettings {
  /** `OTEL_SERVICE_NAME`, when set; otherwise the service's package name. */
  serviceName: string | undefined;
}

/** Whether and how to trace; undefined when tracing is off. A bad variable stops start-up. */
export function tracingSettings(env: Env): TracingSettings | undefined {
  // An empty value counts as unset, as the OpenTelemetry specification asks.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const config = loadEnv(tracingSchema, set);
  const endpoint = config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? config.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (endpoint === undefined || config.OTEL_SDK_DISABLED === 'true') return undefined;
  return { serviceName: config.OTEL_SERVICE_NAME };
}
