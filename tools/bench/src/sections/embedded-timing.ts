import { cpuTimeMs } from '../processes.js';

export interface TimedRun {
  ops: number;
  failures: number;
  elapsedSec: number;
  /** CPU time the database server process spent meanwhile (ms; undefined if unreadable). */
  serverCpuMs: number | undefined;
  /** CPU time this process (the driver and the loops) spent meanwhile (ms). */
  clientCpuMs: number;
}

/**
 * Runs `operation` from `workers` loops at once until `seconds` have passed (and at most
 * `maxOps` operations, so the loop is bounded even if the clock misbehaves). The CPU both sides
 * spent is recorded too: where a rate falls short, it tells the server's share from the driver's.
 */
export async function timed(
  seconds: number,
  workers: number,
  operation: (i: number) => Promise<boolean>,
  serverPid?: number,
  maxOps = 5_000_000,
): Promise<TimedRun> {
  const serverBefore = serverPid === undefined ? undefined : cpuTimeMs(serverPid);
  const clientBefore = process.cpuUsage();
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
  const elapsedSec = (performance.now() - startedAt) / 1000;
  const client = process.cpuUsage(clientBefore);
  const serverAfter = serverPid === undefined ? undefined : cpuTimeMs(serverPid);
  return {
    ops,
    failures,
    elapsedSec,
    serverCpuMs:
      serverBefore === undefined || serverAfter === undefined
        ? undefined
        : serverAfter - serverBefore,
    clientCpuMs: (client.user + client.system) / 1000,
  };
}
