import { isIP } from 'node:net';
import { z } from 'zod';
import { loadEnv, wholeNumberVariable, type Env } from '../config/config.js';

export type TrustProxy = boolean | number | string;

const NAMED_SUBNETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, subnet or name Express's `trust proxy` accepts: `10.0.0.1`, `10.0.0.0/8`, `::1/128`. */
function isTrustedAddress(item: string): boolean {
  if (NAMED_SUBNETS.has(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // A mask written as an address (`255.255.255.0`) is accepted by Express too.
  if (isIP(prefix) !== 0) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** `TRUST_PROXY`: which client address the limits count, as Express's `trust proxy` (docs/configuration.md). */
const trustProxyVariable = z
  .string()
  .default('off')
  .transform((text, ctx): TrustProxy => {
    const value = text.trim();
    if (value === 'off' || value === 'false') return false;
    if (value === 'on' || value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    const items = value.split(',').map((item) => item.trim());
    if (items.every(isTrustedAddress)) return items.join(', ');
    ctx.addIssue({
      code: 'custom',
      message:
        'must be "off", "on", a number of proxy hops, or comma-separated addresses, subnets, "loopback", "linklocal" or "uniquelocal"',
    });
    return z.NEVER;
  });

const DAY_SECONDS = 86_400;

/**
 * The throttling variables every service reads (docs/configuration.md). The request limit's
 * default is meant never to be met by one client; a deployment lowers it to its expected peak.
 * The limit on failed token checks is off unless set: while on, it refuses a client the right
 * token too, an answer the services' token rules do not give.
 */
const throttleSchema = z.object({
  RATE_LIMIT: wholeNumberVariable('requests', 1, Number.MAX_SAFE_INTEGER).default(1_000_000),
  RATE_LIMIT_WINDOW_SECONDS: wholeNumberVariable('seconds', 1, DAY_SECONDS).default(60),
  AUTH_FAILURE_LIMIT: wholeNumberVariable('failed token checks', 1, 1_000_000).optional(),
  AUTH_FAILURE_WINDOW_SECONDS: wholeNumberVariable('seconds', 1, DAY_SECONDS).default(60),
  TRUST_PROXY: trustProxyVariable,
  RATE_LIMIT_REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, 'must be a redis:// or rediss:// URL')
    .optional(),
});

export type ThrottleConfig = z.output<typeof throttleSchema>;

export function loadThrottleConfig(env: Env = process.env): ThrottleConfig {
  return loadEnv(throttleSchema, env);
}
