import {
  apiDocsVariable,
  loadEnv,
  metricsVariables,
  serviceVariables,
  type Env,
} from '@repo/common';
import { z } from 'zod';

// PORT, LOG_LEVEL, LOG_FORMAT and API_DOCS only: the tutorial has no database and no secret.
function configSchema(env: Env) {
  return z.object({
    ...serviceVariables(3000),
    ...metricsVariables(),
    API_DOCS: apiDocsVariable(env),
  });
}

/** Read once at start-up; a bad value stops it with a message that names the variable. */
export function loadConfig(env: Env = process.env): Config {
  return loadEnv(configSchema(env), env);
}

export type Config = z.output<ReturnType<typeof configSchema>>;
