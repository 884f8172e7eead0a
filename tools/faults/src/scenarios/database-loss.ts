import { setTimeout as sleep } from 'node:timers/promises';
import { MongoClient, ObjectId } from 'mongodb';
import { SERVICES } from '@repo/launcher';
import {
  mongoAddress,
  startFaultProxy,
  startKeepAliveLoad,
  type FaultMode,
} from '@repo/common/testing';
import { seconds, type ScenarioResult } from '../result.js';
import { killService, startService } from '../service-process.js';
import { prepareWorkload } from '../workloads.js';

/** Where the service keeps what its POSTs create (its `faults.storedIn` in the registry). */
function createdIn(service: string): string {
  const collection = SERVICES.find((spec) => spec.name === service)?.faults.storedIn;
  if (collection === undefined)
    throw new Error(`${service}: the registry names no faults.storedIn`);
  return collection;
}

export interface DatabaseLossOptions {
  service: string;
  mongoUri: string;
  fault: FaultMode;
  delayMs?: number;
  loadMs: number;
  outageMs: number;
}

interface Probe {
  at: number;
  status: number;
  ms: number;
}

/** Asks /readyz every 100 ms (with its own connection each time, as a kubelet does). */
function watchReadiness(url: string): { probes: Probe[]; stop: () => void } {
  const probes: Probe[] = [];
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const started = Date.now();
      const status = await fetch(`${url}/readyz`, { headers: { connection: 'close' } }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 0,
      );
      probes.push({ at: Date.now(), status, ms: Date.now() - started });
      await sleep(100);
    }
  })();
  return { probes, stop: () => (stopped = true) };
}

const max = (values: number[]): number => values.reduce((a, b) => Math.max(a, b), 0);

/**
 * The database lost under 50 keep-alive connections of reads and writes, through the fault
 * proxy: refused (`drop`), silent (`stall`) or slow. Measures how long failing requests and
 * /readyz take while it is gone, how long the service takes to serve again once it is back,
 * and whether every write that got a 2xx is stored.
 */
export async function databaseLoss(options: DatabaseLossOptions): Promise<ScenarioResult> {
  const proxy = await startFaultProxy(mongoAddress(options.mongoUri));
  const database = `faults_${options.service.replace('-', '_')}_${options.fault}`;
  const service = await startService(options.service, {
    MONGODB_URI: proxy.mongoUri(options.mongoUri),
    MONGODB_DB: database,
  });
  try {
    const workload = await prepareWorkload(options.service, service.url);
    const created: string[] = [];
    const answers: { at: number; status: number; ms: number }[] = [];
    const load = startKeepAliveLoad({
      url: service.url,
      connections: 50,
      next: workload.next,
      onAnswer: (answer) => {
        answers.push({ at: answer.at, status: answer.status, ms: answer.ms });
        const id = workload.createdId(answer);
        if (id !== undefined) created.push(id);
      },
    });
    const readiness = watchReadiness(service.url);
    await sleep(options.loadMs);
    const faultAt = Date.now();
    proxy.setMode(options.fault, { delayMs: options.delayMs ?? 0 });
    await sleep(options.outageMs);
    const backAt = Date.now();
    proxy.setMode('pass');
    // Serve on for long enough to see the recovery.
    await sleep(3_000);
    const result = await load.stop();
    readiness.stop();

    const during = answers.filter((a) => a.at >= faultAt && a.at < backAt + 100);
    const failed = during.filter((a) => a.status >= 500);
    const unready = readiness.probes.find((p) => p.at >= faultAt && p.status !== 200);
    const readyAgain = readiness.probes.find((p) => p.at >= backAt && p.status === 200);
    const servedAgain = answers.find((a) => a.at >= backAt && a.status < 300);
    const probeMs = max(readiness.probes.filter((p) => p.at >= faultAt).map((p) => p.ms));

    const client = new MongoClient(options.mongoUri);
    const collection = createdIn(options.service);
    const stored = await client
      .db(database)
      .collection(collection)
      .countDocuments({ _id: { $in: created.map((id) => new ObjectId(id)) } });
    await client.close();

    const lines = {
      down: service.count('database unreachable'),
      up: service.count('database reachable again'),
      summaries: service.count('requests failed: database unavailable'),
      stacks: service
        .stdout()
        .split('\n')
        .filter((line) => line.includes('"stack"')).length,
    };
    const fault =
      options.fault === 'slow' ? `slowed by ${options.delayMs ?? 0} ms a chunk` : options.fault;
    const ok =
      result.dropped === 0 &&
      result.hung === 0 &&
      stored === created.length &&
      (options.fault === 'slow' || (lines.down === 1 && lines.up === 1)) &&
      lines.stacks === 0 &&
      service.child.exitCode === null;
    return {
      scenario: `database ${fault} for ${seconds(options.outageMs)} under 50 keep-alive conns: ${options.service}`,
      sent: `${result.sent} requests, ${created.length} writes acknowledged`,
      lost:
        `${failed.length} failed (generic 500) in ≤ ${seconds(max(failed.map((a) => a.ms)))}, ` +
        `slowest answer during it ${seconds(max(during.map((a) => a.ms)))}, ${result.dropped} dropped, ${result.hung} hung (no answer in 10 s), ` +
        `${created.length - stored} acknowledged writes missing; /readyz ${unready === undefined ? 'stayed 200' : `503 after ${seconds(unready.at - faultAt)}`}, ` +
        `slowest probe ${seconds(probeMs)}; log: ${lines.down} down, ${lines.up} up, ${lines.summaries} summary, ${lines.stacks} stacks`,
      recovery:
        `/readyz 200 after ${readyAgain === undefined ? 'never' : seconds(readyAgain.at - backAt)}, ` +
        `requests served after ${servedAgain === undefined ? 'never' : seconds(servedAgain.at - backAt)}`,
      ok,
    };
  } finally {
    await killService(service);
    await proxy.close();
  }
}
