import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How long a TTL test waits for the monitor. A real mongod picks up a new `ttlMonitorSleepSecs`
 * only after its current sleep (60 s by default), and the machine may be busy.
 */
export const POLL_LIMIT_MS = 90_000;

/** A TTL test may wait twice. */
export const TTL_TEST_TIMEOUT_MS = 2 * POLL_LIMIT_MS + 20_000;

/** Polls until `done` holds; fails when it still does not after POLL_LIMIT_MS. */
export async function waitFor(
  done: () => Promise<boolean>,
  limitMs = POLL_LIMIT_MS,
): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`not done after ${limitMs} ms`);
    await sleep(100);
  }
}
