import { readFileSync } from 'node:fs';
import { cpuUsage } from 'node:process';

export interface CostOptions {
  /** Batches of each, alternating, so that both meet the same conditions. */
  rounds?: number;
  /** Calls per batch: enough for a batch to take a few milliseconds of CPU. */
  batch?: number;
  /** Microseconds of CPU used so far: this thread's unless the work is done elsewhere. */
  clock?: () => number;
}

/** Linux's count of the CPU time the calling thread has run, in nanoseconds. */
const THREAD_CPU = '/proc/thread-self/schedstat';

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/**
 * Linux brings a thread's count up to date when the thread stops running, not when it is read:
 * read while running, it can be a whole batch behind. A millisecond's sleep first settles it.
 */
export function settledCpuMicroseconds(schedstat: string): number {
  Atomics.wait(sleeper, 0, 0, 1);
  return Number(readFileSync(schedstat, 'utf8').split(' ')[0]) / 1_000;
}

/**
 * CPU microseconds the calling thread has used: a test worker is one thread of a process whose
 * other workers run other files meanwhile. Elsewhere than on Linux, the whole process's.
 */
function cpuClock(): () => number {
  try {
    readFileSync(THREAD_CPU, 'utf8');
    return () => settledCpuMicroseconds(THREAD_CPU);
  } catch {
    return () => {
      const { user, system } = cpuUsage();
      return user + system;
    };
  }
}

const threadClock = cpuClock();

async function cpuMicroseconds(
  run: () => unknown,
  batch: number,
  clock: () => number,
): Promise<number> {
  const before = clock();
  for (let call = 0; call < batch; call += 1) await run();
  return clock() - before;
}

/**
 * How many times the CPU of this thread that `suspect` costs exceeds what `reference` costs,
 * each run in `rounds` alternating batches. CPU rather than elapsed time, and the cheapest batch
 * of each: other processes and collections only ever add to a batch, so the minimum is what the
 * work itself costs, on an idle machine or a loaded one. Run the server in this thread to count
 * its work too, or give the `clock` of the process that does it.
 */
export async function relativeCost(
  reference: () => unknown,
  suspect: () => unknown,
  { rounds = 7, batch = 20, clock = threadClock }: CostOptions = {},
): Promise<number> {
  let referenceCost = Number.POSITIVE_INFINITY;
  let suspectCost = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round += 1) {
    referenceCost = Math.min(referenceCost, await cpuMicroseconds(reference, batch, clock));
    suspectCost = Math.min(suspectCost, await cpuMicroseconds(suspect, batch, clock));
  }
  // A batch too cheap for the clock to see still compares as one microsecond.
  return Math.max(suspectCost, 1) / Math.max(referenceCost, 1);
}
