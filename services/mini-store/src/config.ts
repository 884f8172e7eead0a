import {
  apiDocsVariable,
  idempotencyVariables,
  configLoader,
  metricsVariables,
  mongoServiceVariables,
} from '@repo/common';

/** The service's settings from the environment; a bad value stops start-up naming the variable. */
export const loadConfig = configLoader((env) => ({
  ...mongoServiceVariables(6793, 'mini_store'),
  ...metricsVariables(),
  ...idempotencyVariables(),
  API_DOCS: apiDocsVariable(env),
}));

export type Config = ReturnType<typeof loadConfig>;
