/**
 * Runs `operation` from `workers` loops at once until `seconds` have passed (and at most
 * `maxOps` operations, so the loop is bounded even if the clock misbehaves).
 */
export async function timed(
  seconds: number,
  workers: number,
  operation: (i: number) => Promise<boolean>,
  maxOps = 5_000_000,
): Promise<{ ops: number; failures: number; elapsedSec: number }> {
  const startedAt = performance.now();
  const deadline = startedAt + seconds * 1000;
  let ops = 0;
  let failures = 0;
  const loop = async (): Promise<void> => {
    while (performance.now() < deadline && ops < maxOps) {
      const i = ops;
      ops += 1;
      if (!(await operation(i))) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: workers }, loop));
  return { ops, failures, elapsedSec: (performance.now() - startedAt) / 1000 };
}
