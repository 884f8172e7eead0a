import { setTimeout as sleep } from 'node:timers/promises';

/** One step of a clean-up; `undefined` for what was never started. */
export type CleanUpStep = () => Promise<void> | void;

/**
 * Runs every step in order, each given at most `stepMs`, the later ones also when an earlier one
 * failed or hung (a server that cannot stop must not keep a disk mounted), then throws what failed.
 */
export async function cleanUpInOrder(
  steps: ReadonlyArray<readonly [what: string, step: CleanUpStep]>,
  stepMs: number,
): Promise<void> {
  const failures: Error[] = [];
  for (const [what, step] of steps) {
    const timeout = new AbortController();
    try {
      await Promise.race([
        Promise.resolve().then(step),
        sleep(stepMs, undefined, { signal: timeout.signal }).then(() => {
          throw new Error(`still running after ${stepMs} ms`);
        }),
      ]);
    } catch (error) {
      failures.push(new Error(`${what}: ${(error as Error).message}`, { cause: error }));
    } finally {
      timeout.abort();
    }
  }
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, 'the clean-up failed');
}
