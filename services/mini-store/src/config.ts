import { z } from 'zod';
import {
  databaseNameVariable,
  loadConfig,
  logLevelVariable,
  mongoUriVariable,
  portVariable,
  type Env,
} from '@repo/common';

export const DEFAULT_PORT = 6793;
export const DEFAULT_DATABASE = 'mini_store';

const configSchema = z.object({
  PORT: portVariable(DEFAULT_PORT),
  LOG_LEVEL: logLevelVariable,
  MONGODB_URI: mongoUriVariable(),
  MONGODB_DB: databaseNameVariable(DEFAULT_DATABASE),
});

export type MiniStoreConfig = z.output<typeof configSchema>;

/** The service's settings from the environment; a bad value stops start-up naming the variable. */
export function loadMiniStoreConfig(env: Env = process.env): MiniStoreConfig {
  return loadConfig(configSchema, env);
}
