/** How a loop that talks to the broker waits between failed tries. */
export interface RetrySettings {
  firstMs: number;
  maxMs: number;
}

/**
 * How long to wait before try number `attempt` (from 1): doubling from `firstMs` up to `maxMs`,
 * with jitter so that replicas do not retry in step.
 */
export function retryDelay(attempt: number, { firstMs, maxMs }: RetrySettings): number {
  const base = Math.min(maxMs, firstMs * 2 ** Math.min(attempt - 1, 30));
  return Math.round(base * (0.75 + Math.random() * 0.5));
}
