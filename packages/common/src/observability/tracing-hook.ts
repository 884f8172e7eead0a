// The entry given to `node --import` (`@repo/common/tracing`), before the service's own main.ts:
//   node --import @repo/common/tracing dist/main.js
// With no OTLP endpoint in the environment it reads the variables and returns: none of the
// OpenTelemetry modules is loaded, so start-up and requests cost what they cost without it.
import { ConfigError } from '../config/config.js';
import { servicePackageOf } from './service-package.js';
import { tracingSettings, type TracingSettings } from './tracing-config.js';

function readSettings(): TracingSettings | undefined {
  try {
    return tracingSettings(process.env);
  } catch (error) {
    // As the services' own configuration does: one message naming the variable, exit 1.
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`tracing: ${error.message}\n`);
    process.exit(1);
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
