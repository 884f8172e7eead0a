import { apiDocsVariable, configLoader, metricsVariables, serviceVariables } from '@repo/common';

/** The service's settings from the environment; a bad value stops start-up naming the variable. */
export const loadConfig = configLoader((env) => ({
  ...serviceVariables(3000),
  ...metricsVariables(),
  API_DOCS: apiDocsVariable(env),
}));

export type Config = ReturnType<typeof loadConfig>;
