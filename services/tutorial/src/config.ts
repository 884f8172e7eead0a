import { loadConfig, logLevelVariable, portVariable, type Env } from '@repo/common';
import { z } from 'zod';

export const configSchema = z.object({
  PORT: portVariable(3000),
  LOG_LEVEL: logLevelVariable,
});

export type TutorialConfig = z.output<typeof configSchema>;

export function loadTutorialConfig(env: Env = process.env): TutorialConfig {
  return loadConfig(configSchema, env);
}
