/**
 * How a service runs, the one place that says it: each service's package.json scripts carry these
 * (a test holds them to it) and the launcher runs them. `@repo/common/tracing` loads first, so that
 * OpenTelemetry starts before the service's modules, as ES modules need; without an OTLP endpoint
 * it only reads the variables and loads nothing of OpenTelemetry. From source tsx is loaded into
 * the service's own node rather than run as its CLI, which would be a second node process per
 * service that only relays signals; only watch mode (which restarts on a change) uses the CLI.
 */
export const SERVICE_SCRIPTS = {
  start: 'node --conditions=development --import tsx --import @repo/common/tracing src/main.ts',
  dev: 'tsx watch --conditions=development --import @repo/common/tracing src/main.ts',
  'start:prod': 'node --import @repo/common/tracing dist/main.js',
} as const;
