import { z } from 'zod';
import {
  apiDocsVariable,
  idempotencyVariables,
  configLoader,
  metricsVariables,
  mongoServiceVariables,
} from '@repo/common';

export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

const lowStockThresholdVariable = z
  .string()
  .regex(/^\d+$/, 'must be a whole number of items (0 or more)')
  .transform(Number)
  .pipe(z.number().int().max(Number.MAX_SAFE_INTEGER, 'is too large'))
  .default(DEFAULT_LOW_STOCK_THRESHOLD);

/** The service's settings from the environment; a bad value stops start-up naming the variable. */
export const loadConfig = configLoader((env) => ({
  ...mongoServiceVariables(6790, 'products'),
  ...metricsVariables(),
  ...idempotencyVariables(),
  LOW_STOCK_THRESHOLD: lowStockThresholdVariable,
  API_DOCS: apiDocsVariable(env),
}));

export type Config = ReturnType<typeof loadConfig>;
