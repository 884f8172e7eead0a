import { z } from 'zod';
import { loadEnv, mongoServiceVariables, type Env } from '@repo/common';

const configSchema = z.object(mongoServiceVariables(6793, 'mini_store'));

export type Config = z.output<typeof configSchema>;

/** The service's settings from the environment; a bad value stops start-up naming the variable. */
export function loadConfig(env: Env = process.env): Config {
  return loadEnv(configSchema, env);
}
