import { z } from 'zod';
import {
  apiDocsVariable,
  idempotencyVariables,
  loadEnv,
  metricsVariables,
  mongoServiceVariables,
  type Env,
} from '@repo/common';

function configSchema(env: Env) {
  return z.object({
    ...mongoServiceVariables(6793, 'mini_store'),
    ...metricsVariables(),
    ...idempotencyVariables(),
    API_DOCS: apiDocsVariable(env),
  });
}

export type Config = z.output<ReturnType<typeof configSchema>>;

/** The service's settings from the environment; a bad value stops start-up naming the variable. */
export function loadConfig(env: Env = process.env): Config {
  return loadEnv(configSchema(env), env);
}
