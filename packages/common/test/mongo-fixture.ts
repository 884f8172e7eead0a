import { fileURLToPath } from 'node:url';
import type { TestContext } from 'vitest';
import { timedAnswer, type TimedAnswer } from '../src/testing/timed-answer.js';
import { ownedBy, runFixture, type RunningChild } from './child-process.js';

const fixture = fileURLToPath(new URL('./fixtures/mongo-fixture-service.ts', import.meta.url));

/**
 * A bound far above the deadlines the fixture is given (1.5 s for an operation, 1 s for
 * readiness), and far below the hang the fault tests guard against (a stalled database kept
 * requests waiting for as long as the connection lived). It proves "no hang", not the figure:
 * `npm run faults` measures that.
 */
export const NO_HANG_MS = 5_000;

/** The fixture service (its `things` over MongoDB at `mongoUri`) for the test `context` alone. */
export function startMongoFixture(
  context: TestContext,
  mongoUri: string,
  dbName: string,
  env: Record<string, string> = {},
): RunningChild {
  const running = runFixture(fixture, {
    PORT: '0',
    LOG_LEVEL: 'info',
    MONGODB_URI: mongoUri,
    MONGODB_DB: dbName,
    // Well above what a healthy write takes on a loaded test machine (400 ms was once exceeded
    // with four files at once on two cores), still far below NO_HANG_MS.
    MONGODB_OPERATION_TIMEOUT_MS: '1500',
    READINESS_TIMEOUT_MS: '1000',
    SHUTDOWN_DRAIN_MS: '0',
    ...env,
  });
  return ownedBy(context, running);
}

/** The fixture's URL, once it listens. */
export async function listeningUrl(service: RunningChild): Promise<string> {
  const listening = await service.waitForLog((line) => line.msg === 'mongo-fixture listening');
  return String(listening.url);
}

export function timed(url: string, init?: RequestInit): Promise<TimedAnswer> {
  return timedAnswer(() => fetch(url, init));
}

/** Adds a thing named `name`. */
export function postThing(url: string, name: string): Promise<TimedAnswer> {
  return timed(`${url}/things`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
}

/** How many of the service's log lines carry `message`. */
export function countLines(service: RunningChild, message: string): number {
  return service
    .stdout()
    .split('\n')
    .filter((line) => line.includes(`"msg":"${message}"`)).length;
}
