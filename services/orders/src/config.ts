import {
  apiDocsVariable,
  idempotencyVariables,
  configLoader,
  metricsVariables,
  millisecondsVariable,
  mongoServiceVariables,
  secretVariable,
  wholeNumberVariable,
} from '@repo/common';
import { z } from 'zod';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The service's settings from the environment; a bad value stops start-up naming the variable. */
export const loadConfig = configLoader((env) => ({
  ...mongoServiceVariables(6792, 'orders'),
  ...metricsVariables(),
  ...idempotencyVariables(),
  ORDERS_CUSTOMER_TOKEN: secretVariable(env, 'dev-customer-token'),
  ORDERS_STAFF_TOKEN: secretVariable(env, 'dev-staff-token'),
  API_DOCS: apiDocsVariable(env),
  // The event streams (README, "Following orders live").
  ORDERS_EVENTS_HEARTBEAT_MS: millisecondsVariable(10, HOUR_MS).default(15_000),
  ORDERS_EVENTS_POLL_MS: millisecondsVariable(10, MINUTE_MS).default(100),
  ORDERS_EVENTS_SETTLE_MS: millisecondsVariable(0, MINUTE_MS).default(500),
  ORDERS_EVENTS_MAX_STREAM_MS: millisecondsVariable(10, DAY_MS).default(HOUR_MS),
  // The broker (README, "Events through NATS"): unset, the streams poll the stored events.
  NATS_URL: z
    .string()
    .regex(
      /^(?:nats|tls):\/\/[^\s,]+(?:,(?:nats|tls):\/\/[^\s,]+)*$/,
      'must be a nats:// or tls:// URL, or several separated by commas',
    )
    .optional(),
  ORDERS_STREAM_REPLICAS: wholeNumberVariable('replicas', 1, 5).default(1),
}));

export type Config = ReturnType<typeof loadConfig>;
