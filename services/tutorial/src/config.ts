import { apiDocsVariable, configLoader, metricsVariables, serviceVariables } from '@repo/common';

/**
 * PORT, the log and metrics settings and API_DOCS only (no database, no secret), read once at
 * start-up; a bad value stops it with a message that names the variable.
 */
export const loadConfig = configLoader((env) => ({
  ...serviceVariables(3000),
  ...metricsVariables(),
  API_DOCS: apiDocsVariable(env),
}));

export type Config = ReturnType<typeof loadConfig>;
