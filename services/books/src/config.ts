import {
  apiDocsVariable,
  idempotencyVariables,
  configLoader,
  metricsVariables,
  secretVariable,
  serviceVariables,
} from '@repo/common';

/** The service's settings from the environment; a bad value stops start-up naming the variable. */
export const loadConfig = configLoader((env) => ({
  // 6790 alone; the launcher that runs every service sets PORT=6791.
  ...serviceVariables(6790),
  ...metricsVariables(),
  ...idempotencyVariables(),
  BOOKS_TOKEN: secretVariable(env, 'dev-books-token'),
  API_DOCS: apiDocsVariable(env),
}));

export type Config = ReturnType<typeof loadConfig>;
