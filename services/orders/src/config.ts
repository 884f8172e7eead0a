import {
  apiDocsVariable,
  idempotencyVariables,
  loadEnv,
  metricsVariables,
  mongoServiceVariables,
  secretVariable,
  type Env,
} from '@repo/common';
import { z } from 'zod';

/** The variables holding secrets; outside production they fall back to development values. */
export const SECRET_VARIABLES = ['ORDERS_CUSTOMER_TOKEN', 'ORDERS_STAFF_TOKEN'] as const;

function configSchema(env: Env) {
  return z.object({
    ...mongoServiceVariables(6792, 'orders'),
    ...metricsVariables(),
    ...idempotencyVariables(),
    ORDERS_CUSTOMER_TOKEN: secretVariable(env, 'dev-customer-token'),
    ORDERS_STAFF_TOKEN: secretVariable(env, 'dev-staff-token'),
    API_DOCS: apiDocsVariable(env),
  });
}

export type Config = z.output<ReturnType<typeof configSchema>>;

/** The service's settings from the environment; a bad value stops start-up naming the variable. */
export function loadConfig(env: Env = process.env): Config {
  return loadEnv(configSchema(env), env);
}
