import { loadEnv, serviceVariables, type Env } from '@repo/common';
import { z } from 'zod';

// PORT, LOG_LEVEL and LOG_FORMAT only: the tutorial has no database and no secret.
const configSchema = z.object(serviceVariables(3000));

/** Read once at start-up; a bad value stops it with a message that names the variable. */
export function loadConfig(env: Env = process.env): Config {
  return loadEnv(configSchema, env);
}

export type Config = z.output<typeof configSchema>;
