import { z } from 'zod';
import { describeIssues } from '../validation/parse-input.js';

export class ConfigError extends Error {
  constructor(problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export type Env = Readonly<Record<string, string | undefined>>;

function isProduction(env: Env): boolean {
  return env.NODE_ENV === 'production';
}

/** A TCP port, from text; `0` means any free port. */
export function portVariable(defaultPort: number) {
  return z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(defaultPort);
}

export const logLevelVariable = z
  .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  .default('info');

export function mongoUriVariable() {
  return z
    .string()
    .regex(/^mongodb(\+srv)?:\/\/.+/, 'must be a mongodb:// or mongodb+srv:// connection string')
    .default('mongodb://127.0.0.1:27017');
}

export function databaseNameVariable(defaultName: string) {
  return z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,63}$/, 'must be 1-63 letters, digits, "_" or "-"')
    .default(defaultName);
}

/** Unset, logs are pretty only on a terminal. */
const logFormatVariable = z
  .enum(['json', 'pretty'], { error: 'must be "json" or "pretty"' })
  .optional();

/** The variables every service reads. */
export function serviceVariables(defaultPort: number) {
  return {
    PORT: portVariable(defaultPort),
    LOG_LEVEL: logLevelVariable,
    LOG_FORMAT: logFormatVariable,
  };
}

export function mongoServiceVariables(defaultPort: number, defaultDatabase: string) {
  return {
    ...serviceVariables(defaultPort),
    MONGODB_URI: mongoUriVariable(),
    MONGODB_DB: databaseNameVariable(defaultDatabase),
  };
}

/** How long an Idempotency-Key is remembered by default: a day. */
export const DEFAULT_IDEMPOTENCY_TTL_SECONDS = 86_400;

export function idempotencyVariables() {
  return {
    IDEMPOTENCY_TTL_SECONDS: z
      .string()
      .regex(/^\d+$/, 'must be a whole number of seconds')
      .transform(Number)
      .pipe(
        z
          .number()
          .min(1, 'must be at least 1 second')
          .max(31_536_000, 'must be at most 31536000 seconds (a year)'),
      )
      .default(DEFAULT_IDEMPOTENCY_TTL_SECONDS),
  };
}

/**
 * Required in production, where a default would be a published password; elsewhere a
 * development value, so `npm start` works on a fresh clone.
 */
export function secretVariable(env: Env, developmentDefault: string) {
  if (isProduction(env)) {
    return z
      .string({ error: 'is required when NODE_ENV=production' })
      .min(1, 'must not be empty when NODE_ENV=production');
  }
  return z.string().min(1, 'must not be empty').default(developmentDefault);
}

/** Reads the environment; one ConfigError names every variable at fault. */
export function loadEnv<S extends z.ZodObject>(schema: S, env: Env = process.env): z.output<S> {
  const result = schema.safeParse(env);
  if (!result.success) throw new ConfigError(describeIssues(result.error));
  return result.data;
}

/** A service's `loadConfig`: its variables are built for the environment (NODE_ENV matters). */
export function configLoader<S extends z.ZodRawShape>(variables: (env: Env) => S) {
  return (env: Env = process.env): z.output<z.ZodObject<S>> =>
    loadEnv(z.object(variables(env)), env);
}

/** The secrets among `names` that fell back to their development value. */
export function developmentSecretsInUse(env: Env, names: readonly string[]): string[] {
  return isProduction(env) ? [] : names.filter((name) => !env[name]);
}

const onOffVariable = (fallback: 'on' | 'off') =>
  z
    .enum(['on', 'off'], { error: 'must be "on" or "off"' })
    .default(fallback)
    .transform((value) => value === 'on');

/** `API_DOCS`: `GET /openapi.json`, `GET /asyncapi.json` and `GET /docs`, on by default except in production. */
export function apiDocsVariable(env: Env) {
  return onOffVariable(isProduction(env) ? 'off' : 'on');
}

/** `METRICS` (`off` serves and times nothing) and `METRICS_PORT` (`/metrics` on a port of its own). */
export function metricsVariables() {
  return {
    METRICS: onOffVariable('on'),
    // Empty counts as unset, so a launcher can clear a value its own environment holds.
    METRICS_PORT: z
      .string()
      .regex(/^(\d{1,5})?$/, 'must be a port number')
      .transform((text) => (text === '' ? undefined : Number(text)))
      .pipe(z.number().max(65535, 'must be between 0 and 65535').optional())
      .optional(),
  };
}

/** A whole number of `unit` from text, between `min` and `max` (`suffix` follows them in messages). */
export function wholeNumberVariable(unit: string, min: number, max: number, suffix = '') {
  return z
    .string()
    .regex(/^\d+$/, `must be a whole number of ${unit}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, `must be at least ${min}${suffix}`)
        .max(max, `must be at most ${max}${suffix}`),
    );
}

/** A duration in whole milliseconds, between `min` and `max`. */
export const millisecondsVariable = (min: number, max: number) =>
  wholeNumberVariable('milliseconds', min, max, ' ms');

const HOUR_MS = 3_600_000;

/** The runner's own variables, for every service; defaults in the root README. */
const runtimeSchema = z
  .object({
    // Node's defaults (60 s, 300 s) let a slow client hold a socket for minutes.
    HTTP_HEADERS_TIMEOUT_MS: millisecondsVariable(100, HOUR_MS).default(10_000),
    HTTP_REQUEST_TIMEOUT_MS: millisecondsVariable(100, HOUR_MS).default(30_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: millisecondsVariable(100, HOUR_MS).default(5_000),
    // nginx's send_timeout: a client that stops reading its answer gives its socket back.
    HTTP_SEND_TIMEOUT_MS: millisecondsVariable(100, HOUR_MS).default(60_000),
    SHUTDOWN_DRAIN_MS: millisecondsVariable(0, HOUR_MS).optional(),
    SHUTDOWN_GRACE_MS: millisecondsVariable(0, HOUR_MS).optional(),
  })
  .refine((value) => value.HTTP_HEADERS_TIMEOUT_MS <= value.HTTP_REQUEST_TIMEOUT_MS, {
    // Node refuses a server whose headers may take longer than the whole request.
    path: ['HTTP_HEADERS_TIMEOUT_MS'],
    message: 'must not be longer than HTTP_REQUEST_TIMEOUT_MS',
  });

export type RuntimeConfig = z.output<typeof runtimeSchema>;

export function loadRuntimeConfig(env: Env = process.env): RuntimeConfig {
  return loadEnv(runtimeSchema, env);
}

/** The database deadlines of a service on MongoDB, read by `connectWithMongo`. */
const mongoRuntimeSchema = z.object({
  MONGODB_CONNECT_TIMEOUT_MS: millisecondsVariable(0, HOUR_MS).default(25_000),
  MONGODB_OPERATION_TIMEOUT_MS: millisecondsVariable(100, HOUR_MS).default(1_000),
  READINESS_TIMEOUT_MS: millisecondsVariable(50, 60_000).default(1_000),
});

export type MongoRuntimeConfig = z.output<typeof mongoRuntimeSchema>;

export function loadMongoRuntimeConfig(env: Env = process.env): MongoRuntimeConfig {
  return loadEnv(mongoRuntimeSchema, env);
}
