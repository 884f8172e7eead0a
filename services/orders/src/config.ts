import {
  apiDocsVariable,
  idempotencyVariables,
  configLoader,
  metricsVariables,
  mongoServiceVariables,
  secretVariable,
} from '@repo/common';

/** The service's settings from the environment; a bad value stops start-up naming the variable. */
export const loadConfig = configLoader((env) => ({
  ...mongoServiceVariables(6792, 'orders'),
  ...metricsVariables(),
  ...idempotencyVariables(),
  ORDERS_CUSTOMER_TOKEN: secretVariable(env, 'dev-customer-token'),
  ORDERS_STAFF_TOKEN: secretVariable(env, 'dev-staff-token'),
  API_DOCS: apiDocsVariable(env),
}));

export type Config = ReturnType<typeof loadConfig>;
