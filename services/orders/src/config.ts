import {
  databaseNameVariable,
  loadConfig as loadFromEnv,
  logLevelVariable,
  mongoUriVariable,
  portVariable,
  secretVariable,
  type Env,
} from '@repo/common';
import { z } from 'zod';

export const DEFAULT_PORT = 6792;

export const SECRET_VARIABLES = ['ORDERS_CUSTOMER_TOKEN', 'ORDERS_STAFF_TOKEN'] as const;

function configSchema(env: Env) {
  return z.object({
    PORT: portVariable(DEFAULT_PORT),
    LOG_LEVEL: logLevelVariable,
    MONGODB_URI: mongoUriVariable(),
    MONGODB_DB: databaseNameVariable('orders'),
    ORDERS_CUSTOMER_TOKEN: secretVariable(env, 'dev-customer-token'),
    ORDERS_STAFF_TOKEN: secretVariable(env, 'dev-staff-token'),
  });
}

export type OrdersConfig = z.output<ReturnType<typeof configSchema>>;

export function loadConfig(env: Env = process.env): OrdersConfig {
  return loadFromEnv(configSchema(env), env);
}
