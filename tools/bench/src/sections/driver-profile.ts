import { Session } from 'node:inspector/promises';
import type { Collection, Db, ObjectId } from 'mongodb';
import { selfTimeByOrigin, topSelfTime, type SelfTime } from '../profile-summary.js';
import { REPO_ROOT } from '../services.js';
import { timed } from './embedded-timing.js';

const IN_FLIGHT = 32;

/** Where the bench process (the driver) spends its time in one operation's loop. */
export interface DriverLoopProfile {
  opsPerSec: number;
  /** CPU of the bench process per operation, µs. */
  clientCpuUs: number;
  byOrigin: SelfTime[];
  top: SelfTime[];
}

/** With --profile: `ping` and findOne by `_id`, 32 in flight, each under the profiler. */
export interface DriverProfile {
  ping: DriverLoopProfile;
  findOne: DriverLoopProfile;
}

async function profiledLoop(
  seconds: number,
  operation: (i: number) => Promise<boolean>,
): Promise<DriverLoopProfile> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    const run = await timed(seconds, IN_FLIGHT, operation);
    const { profile } = await session.post('Profiler.stop');
    const samples = {
      nodes: profile.nodes,
      samples: profile.samples ?? [],
      timeDeltas: profile.timeDeltas ?? [],
    };
    return {
      opsPerSec: run.ops / run.elapsedSec,
      clientCpuUs: run.ops === 0 ? Number.NaN : (run.clientCpuMs * 1000) / run.ops,
      byOrigin: selfTimeByOrigin(samples, REPO_ROOT),
      top: topSelfTime(samples, REPO_ROOT, 12),
    };
  } finally {
    session.disconnect();
  }
}

/**
 * The driver's side of the findOne-against-ping target, profiled in this process (the figures of
 * the table are measured without the profiler): what a findOne costs the driver beyond a bare
 * round trip, and where that goes.
 */
export async function profileDriver(
  seconds: number,
  admin: Db,
  collection: Collection,
  ids: ObjectId[],
): Promise<DriverProfile> {
  const ping = await profiledLoop(
    seconds,
    async () => (await admin.command({ ping: 1 }))['ok'] === 1,
  );
  const findOne = await profiledLoop(seconds, async (i) => {
    const id = ids[(i * 7919 + 104_729) % ids.length];
    return (await collection.findOne({ _id: id })) !== null;
  });
  return { ping, findOne };
}
