import { z } from 'zod';
import { loadConfig, mongoServiceVariables, type Env } from '@repo/common';

export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/** A whole number of items, from text; products with a quantity below it count as low on stock. */
const lowStockThresholdVariable = z
  .string()
  .regex(/^\d+$/, 'must be a whole number of items (0 or more)')
  .transform(Number)
  .pipe(z.number().int().max(Number.MAX_SAFE_INTEGER, 'is too large'))
  .default(DEFAULT_LOW_STOCK_THRESHOLD);

const productsConfigSchema = z.object({
  ...mongoServiceVariables(6790, 'products'),
  LOW_STOCK_THRESHOLD: lowStockThresholdVariable,
});

export type ProductsConfig = z.output<typeof productsConfigSchema>;

export function loadProductsConfig(env: Env = process.env): ProductsConfig {
  return loadConfig(productsConfigSchema, env);
}
