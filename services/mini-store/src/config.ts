import { z } from 'zod';
import { loadConfig, mongoServiceVariables, type Env } from '@repo/common';

export const DEFAULT_PORT = 6793;
export const DEFAULT_DATABASE = 'mini_store';

const configSchema = z.object(mongoServiceVariables(DEFAULT_PORT, DEFAULT_DATABASE));

export type MiniStoreConfig = z.output<typeof configSchema>;

/** The service's settings from the environment; a bad value stops start-up naming the variable. */
export function loadMiniStoreConfig(env: Env = process.env): MiniStoreConfig {
  return loadConfig(configSchema, env);
}
