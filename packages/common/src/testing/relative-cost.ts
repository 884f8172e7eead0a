import { cpuUsage } from 'node:process';

export interface CostOptions {
  /** Batches of each, alternating, so that both meet the same conditions. */
  rounds?: number;
  /** Calls per batch: enough for a batch to take a few milliseconds of CPU. */
  batch?: number;
}

async function cpuMicroseconds(run: () => unknown, batch: number): Promise<number> {
  const before = cpuUsage();
  for (let call = 0; call < batch; call += 1) await run();
  const used = cpuUsage(before);
  return used.user + used.system;
}

/**
 * How many times the CPU of this process that `suspect` costs exceeds what `reference` costs,
 * each run in `rounds` alternating batches. CPU rather than elapsed time, and the cheapest batch
 * of each: other processes and collections only ever add to a batch, so the minimum is what the
 * work itself costs, on an idle machine or a loaded one. Run the server in this process to count
 * its work too.
 */
export async function relativeCost(
  reference: () => unknown,
  suspect: () => unknown,
  { rounds = 7, batch = 20 }: CostOptions = {},
): Promise<number> {
  let referenceCost = Number.POSITIVE_INFINITY;
  let suspectCost = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round += 1) {
    referenceCost = Math.min(referenceCost, await cpuMicroseconds(reference, batch));
    suspectCost = Math.min(suspectCost, await cpuMicroseconds(suspect, batch));
  }
  // cpuUsage counts in microseconds: a batch too cheap to register still compares as one.
  return Math.max(suspectCost, 1) / Math.max(referenceCost, 1);
}
