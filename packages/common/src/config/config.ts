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

/** `pretty` for people, `json` for machines; unset, logs are pretty only on a terminal. */
const logFormatVariable = z
  .enum(['json', 'pretty'], { error: 'must be "json" or "pretty"' })
  .optional();

/** The variables every service reads: `PORT`, `LOG_LEVEL` and `LOG_FORMAT`. */
export function serviceVariables(defaultPort: number) {
  return {
    PORT: portVariable(defaultPort),
    LOG_LEVEL: logLevelVariable,
    LOG_FORMAT: logFormatVariable,
  };
}

/** The variables of a service that stores its data in MongoDB. */
export function mongoServiceVariables(defaultPort: number, defaultDatabase: string) {
  return {
    ...serviceVariables(defaultPort),
    MONGODB_URI: mongoUriVariable(),
    MONGODB_DB: databaseNameVariable(defaultDatabase),
  };
}

/** How long an Idempotency-Key is remembered unless IDEMPOTENCY_TTL_SECONDS says otherwise: a day. */
export const DEFAULT_IDEMPOTENCY_TTL_SECONDS = 86_400;

/** `IDEMPOTENCY_TTL_SECONDS`, for a service whose POST routes take an Idempotency-Key. */
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
 * A secret: required in production, where a default would be a published password; elsewhere
 * it falls back to a development value so `npm start` works on a fresh clone.
 */
export function secretVariable(env: Env, developmentDefault: string) {
  if (isProduction(env)) {
    return z
      .string({ error: 'is required when NODE_ENV=production' })
      .min(1, 'must not be empty when NODE_ENV=production');
  }
  return z.string().min(1, 'must not be empty').default(developmentDefault);
}

/**
 * Reads the environment through a zod object schema; any bad or missing variable stops start-up
 * with one message that names every variable at fault.
 */
export function loadEnv<S extends z.ZodObject>(schema: S, env: Env = process.env): z.output<S> {
  const result = schema.safeParse(env);
  if (!result.success) throw new ConfigError(describeIssues(result.error));
  return result.data;
}

/**
 * A service's `loadConfig`: its variables, built for the environment (a secret's default and
 * API_DOCS depend on NODE_ENV), read through `loadEnv`.
 */
export function configLoader<S extends z.ZodRawShape>(variables: (env: Env) => S) {
  return (env: Env = process.env): z.output<z.ZodObject<S>> =>
    loadEnv(z.object(variables(env)), env);
}

/** The secrets among `names` that fell back to their development value (for a start-up warning). */
export function developmentSecretsInUse(env: Env, names: readonly string[]): string[] {
  return isProduction(env) ? [] : names.filter((name) => !env[name]);
}

/**
 * `API_DOCS`: `on` serves `GET /openapi.json` and `GET /docs`, `off` leaves them to the app's 404.
 * On by default, except in production, where a deployment switches them on when it wants them.
 */
export function apiDocsVariable(env: Env) {
  return z
    .enum(['on', 'off'], { error: 'must be "on" or "off"' })
    .default(isProduction(env) ? 'off' : 'on')
    .transform((value) => value === 'on');
}

/** A duration in milliseconds, from text, between `min` and `max`. */
export function millisecondsVariable(min: number, max: number) {
  return z
    .string()
    .regex(/^\d+$/, 'must be a whole number of milliseconds')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min} ms`).max(max, `must be at most ${max} ms`));
}

const HOUR_MS = 3_600_000;

/**
 * The runner's own variables, read by `runService` for every service beside the service's own
 * config. Each is optional: unset, the runner uses the default documented in the root README
 * (or the service definition's own value for the shutdown grace and drain).
 */
const runtimeSchema = z
  .object({
    // Node's defaults (60 s for headers, 300 s for a request) let a slow client hold a socket
    // for minutes; these are the deadlines the services choose.
    HTTP_HEADERS_TIMEOUT_MS: millisecondsVariable(100, HOUR_MS).default(10_000),
    HTTP_REQUEST_TIMEOUT_MS: millisecondsVariable(100, HOUR_MS).default(30_000),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: millisecondsVariable(100, HOUR_MS).default(5_000),
    SHUTDOWN_DRAIN_MS: millisecondsVariable(0, HOUR_MS).optional(),
    SHUTDOWN_GRACE_MS: millisecondsVariable(0, HOUR_MS).optional(),
  })
  .refine((value) => value.HTTP_HEADERS_TIMEOUT_MS <= value.HTTP_REQUEST_TIMEOUT_MS, {
    // Node refuses a server whose headers may take longer than the whole request.
    path: ['HTTP_HEADERS_TIMEOUT_MS'],
    message: 'must not be longer than HTTP_REQUEST_TIMEOUT_MS',
  });

export type RuntimeConfig = z.output<typeof runtimeSchema>;

/** The runner's variables (HTTP deadlines, shutdown drain and grace); a bad one is a ConfigError. */
export function loadRuntimeConfig(env: Env = process.env): RuntimeConfig {
  return loadEnv(runtimeSchema, env);
}

/**
 * The database deadlines of a service on MongoDB, read by `connectWithMongo`: how long start-up
 * keeps trying to reach the database, how long a request's database work may take before it
 * fails, and how long `/readyz` waits for the database's answer.
 */
const mongoRuntimeSchema = z.object({
  MONGODB_CONNECT_TIMEOUT_MS: millisecondsVariable(0, HOUR_MS).default(25_000),
  MONGODB_OPERATION_TIMEOUT_MS: millisecondsVariable(100, HOUR_MS).default(1_000),
  READINESS_TIMEOUT_MS: millisecondsVariable(50, 60_000).default(1_000),
});

export type MongoRuntimeConfig = z.output<typeof mongoRuntimeSchema>;

export function loadMongoRuntimeConfig(env: Env = process.env): MongoRuntimeConfig {
  return loadEnv(mongoRuntimeSchema, env);
}
