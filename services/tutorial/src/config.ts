import { loadConfig, serviceVariables, type Env } from '@repo/common';
import { z } from 'zod';

export const configSchema = z.object(serviceVariables(3000));

export type TutorialConfig = z.output<typeof configSchema>;

export function loadTutorialConfig(env: Env = process.env): TutorialConfig {
  return loadConfig(configSchema, env);
}
