// The entry given to `node --import` (`@repo/common/tracing`), before the service's main.ts.
// With no OTLP endpoint in the environment it only reads the variables: no OpenTelemetry module
// is loaded, so start-up and requests cost what they cost without it.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { ConfigError, loadEnv } from '../config/config.js';

const endpointVariable = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL (OTLP over HTTP)' })
  .optional();

/**
 * The standard variables that switch tracing on, as the OpenTelemetry specification says: an
 * OTLP endpoint (or the traces-only one), unless `OTEL_SDK_DISABLED=true`. The exporter reads the
 * other `OTEL_EXPORTER_OTLP_*` variables itself.
 */
const tracingSchema = z.object({
  OTEL_EXPORTER_OTLP_ENDPOINT: endpointVariable,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpointVariable,
  OTEL_SDK_DISABLED: z.enum(['true', 'false'], { error: 'must be "true" or "false"' }).optional(),
  OTEL_SERVICE_NAME: z.string().min(1, 'must not be empty').optional(),
});

/** Tracing's settings, or undefined when it is off; a bad variable exits 1, naming it. */
function readSettings(): { serviceName: string | undefined } | undefined {
  try {
    // An empty value counts as unset, as the OpenTelemetry specification asks.
    const set = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ''));
    const config = loadEnv(tracingSchema, set);
    const endpoint =
      config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? config.OTEL_EXPORTER_OTLP_ENDPOINT;
    if (endpoint === undefined || config.OTEL_SDK_DISABLED === 'true') return undefined;
    return { serviceName: config.OTEL_SERVICE_NAME };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`tracing: ${error.message}\n`);
    process.exit(1);
  }
}

const packageSchema = z.object({ name: z.string().min(1), version: z.string().min(1) });

/** The name (without its scope) and version of the nearest package.json above `entry`. */
async function servicePackageOf(entry: string) {
  for (let dir = dirname(entry); ; dir = dirname(dir)) {
    const text = await readFile(join(dir, 'package.json'), 'utf8').catch(() => undefined);
    if (text !== undefined) {
      const parsed = packageSchema.safeParse(JSON.parse(text));
      if (!parsed.success) return undefined;
      return { name: parsed.data.name.replace(/^@[^/]+\//, ''), version: parsed.data.version };
    }
    if (dirname(dir) === dir) return undefined;
  }
}

const settings = readSettings();
if (settings !== undefined) {
  const entry = process.argv[1];
  const servicePackage = entry === undefined ? undefined : await servicePackageOf(entry);
  const { startTracing } = await import('./tracing.js');
  await startTracing({
    serviceName: settings.serviceName ?? servicePackage?.name ?? 'unknown_service:node',
    serviceVersion: servicePackage?.version ?? '0.0.0',
  });
}
