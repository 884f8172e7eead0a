import {
  apiDocsVariable,
  idempotencyVariables,
  configLoader,
  metricsVariables,
  secretVariable,
  serviceVariables,
} from '@repo/common';

/** 6790 when the service runs alone; the launcher that runs every service sets PORT=6791. */
const DEFAULT_PORT = 6790;
const DEVELOPMENT_TOKEN = 'dev-books-token';

/** PORT, the log settings, BOOKS_TOKEN, IDEMPOTENCY_TTL_SECONDS and API_DOCS; a bad value stops start-up naming the variable. */
export const loadConfig = configLoader((env) => ({
  ...serviceVariables(DEFAULT_PORT),
  ...metricsVariables(),
  ...idempotencyVariables(),
  BOOKS_TOKEN: secretVariable(env, DEVELOPMENT_TOKEN),
  API_DOCS: apiDocsVariable(env),
}));

export type Config = ReturnType<typeof loadConfig>;
