import {
  loadConfig as loadFromEnv,
  mongoServiceVariables,
  secretVariable,
  type Env,
} from '@repo/common';
import { z } from 'zod';

export const DEFAULT_PORT = 6792;

export const SECRET_VARIABLES = ['ORDERS_CUSTOMER_TOKEN', 'ORDERS_STAFF_TOKEN'] as const;

function configSchema(env: Env) {
  return z.object({
    ...mongoServiceVariables(DEFAULT_PORT, 'orders'),
    ORDERS_CUSTOMER_TOKEN: secretVariable(env, 'dev-customer-token'),
    ORDERS_STAFF_TOKEN: secretVariable(env, 'dev-staff-token'),
  });
}

export type OrdersConfig = z.output<ReturnType<typeof configSchema>>;

export function loadConfig(env: Env = process.env): OrdersConfig {
  return loadFromEnv(configSchema(env), env);
}
