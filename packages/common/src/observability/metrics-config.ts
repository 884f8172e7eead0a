import { z } from 'zod';

/**
 * `METRICS`: `on` (the default) serves `GET /metrics`; `off` serves nothing and times nothing.
 * `METRICS_PORT`: serve it on this port alone instead of the service's port, for a deployment that
 * keeps metrics off the public port (`0`: any free port, as for `PORT`).
 */
export function metricsVariables() {
  return {
    METRICS: z
      .enum(['on', 'off'], { error: 'must be "on" or "off"' })
      .default('on')
      .transform((value) => value === 'on'),
    // Empty counts as unset, so a launcher can clear a value its own environment holds.
    METRICS_PORT: z
      .string()
      .regex(/^(\d{1,5})?$/, 'must be a port number')
      .transform((text) => (text === '' ? undefined : Number(text)))
      .pipe(z.number().max(65535, 'must be between 0 and 65535').optional())
      .optional(),
  };
}
