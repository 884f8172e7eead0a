import { afterEach, describe, expect, it } from 'vitest';
import { ObjectId } from 'mongodb';
import { SERVICES } from '@repo/launcher';
import type { LoadAnswer, LoadRequest } from '@repo/common/testing';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { killService, startService, type ServiceProcess } from '../src/service-process.js';
import { prepareWorkload } from '../src/workloads.js';

// The full `npm run faults` loads every service with the workload its registry entry describes;
// this proves each one against the service itself, so a wrong or missing entry fails here, in
// `npm test`, rather than minutes into the fault suite.

const testDb = useTestDatabase('faults_workloads');
let running: ServiceProcess | undefined;

afterEach(async () => {
  if (running !== undefined) await killService(running);
  running = undefined;
});

async function send(url: string, load: LoadRequest): Promise<LoadAnswer> {
  const response = await fetch(`${url}${load.path}`, {
    method: load.method,
    headers: { 'content-type': 'application/json', ...load.headers },
    body: load.body,
  });
  return { request: load, status: response.status, body: await response.text(), ms: 0, at: 0 };
}

describe.each(SERVICES.map((service) => [service.name, service] as const))(
  'the fault workload of %s',
  (name, service) => {
    it('when the suite prepares it against the running service, then its reads answer 200 and its writes succeed; a create of a MongoDB service answers its id, stored where the registry says', async () => {
      running = await startService(name, {
        MONGODB_URI: testDb.uri,
        MONGODB_DB: testDb.dbName,
      });
      const workload = await prepareWorkload(name, running.url);
      const read = await send(running.url, workload.next(0));
      expect(read.status, `GET ${read.request.path}`).toBe(200);
      const created = await send(running.url, workload.next(1));
      expect(String(created.status), `${created.request.method} ${created.request.path}`).toMatch(
        /^2/,
      );
      const { storedIn } = service.faults;
      if (storedIn === undefined) return;
      const id = workload.createdId(created);
      expect(id).toBeDefined();
      const stored = await testDb.db
        .collection(storedIn)
        .countDocuments({ _id: ObjectId.createFromHexString(id ?? '') });
      expect(stored).toBe(1);
    }, 30_000);
  },
);
