import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src/index.js';
import { runCli, startCli } from './cli-process.js';
import { TTL_TEST_TIMEOUT_MS, waitFor } from './ttl-support.js';

interface TtlDocument {
  _id: string;
  at?: Date;
}

const HOUR_MS = 3_600_000;

/** The timers keeping the event loop alive (an unref'd one is not among them). */
function refTimers(): number {
  return process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
}

// These tests are about this server's own monitor and storage, so they start it themselves;
// each has servers and folders of its own, so they wait for the monitor side by side.
describe.concurrent('TTL monitor of the embedded server', () => {
  const dirs: string[] = [];
  const servers: EmbeddedMongo[] = [];

  async function tempDir(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'embedded-mongo-ttl-'));
    dirs.push(dir);
    return dir;
  }

  async function start(options: Parameters<typeof startEmbeddedMongo>[0]): Promise<EmbeddedMongo> {
    const server = await startEmbeddedMongo(options);
    servers.push(server);
    return server;
  }

  afterAll(async () => {
    await Promise.all(servers.splice(0).map((server) => server.stop()));
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  // Alone, before the others: their sleeps are timers that keep the process alive.
  it.sequential(
    'when a server runs, then its monitor timer does not keep the process alive',
    async () => {
      const before = refTimers();
      await start({ inMemory: true, setParameter: { ttlMonitorSleepSecs: 1 } });
      expect(refTimers()).toBe(before);
    },
  );

  it(
    'when the monitor has deleted expired documents on disk, then they stay deleted after a restart, indexes included',
    async () => {
      const dbPath = await tempDir();
      const first = await start({ dbPath, setParameter: { ttlMonitorSleepSecs: 1 } });
      const client = await new MongoClient(first.uri).connect();
      const coll = client.db('app').collection<TtlDocument>('keys');
      await coll.createIndex({ at: 1 }, { expireAfterSeconds: 0 });
      await coll.insertMany([
        { _id: 'expired', at: new Date(Date.now() - 1_000) },
        { _id: 'kept', at: new Date(Date.now() + HOUR_MS) },
      ]);
      await waitFor(async () => (await coll.countDocuments({ _id: 'expired' })) === 0);
      await client.close();
      await first.stop();

      // The monitor is off in the second run, so whatever is missing was deleted by the first.
      const second = await start({ dbPath, setParameter: { ttlMonitorEnabled: false } });
      const again = await new MongoClient(second.uri).connect();
      try {
        const keys = again.db('app').collection<TtlDocument>('keys');
        expect(await keys.find().toArray()).toEqual([
          { _id: 'kept', at: expect.any(Date) as unknown },
        ]);
        const viaIndex = await keys
          .find({ at: { $gte: new Date(0) } }, { hint: { at: 1 } })
          .toArray();
        expect(viaIndex.map((d) => d._id)).toEqual(['kept']);
      } finally {
        await again.close();
      }
    },
    TTL_TEST_TIMEOUT_MS,
  );

  it(
    'when ttlMonitorEnabled is false, then nothing expires until it is set to true again',
    async () => {
      const server = await start({ inMemory: true, setParameter: { ttlMonitorSleepSecs: '1' } });
      const client = await new MongoClient(server.uri).connect();
      try {
        const admin = client.db('admin');
        expect(await admin.command({ setParameter: 1, ttlMonitorEnabled: false })).toMatchObject({
          was: true,
        });
        const coll = client.db('app').collection<TtlDocument>('paused');
        await coll.createIndex({ at: 1 }, { expireAfterSeconds: 0 });
        await coll.insertOne({ _id: 'expired', at: new Date(Date.now() - 1_000) });
        // Several periods pass with the monitor disabled.
        await sleep(3_000);
        expect(await coll.countDocuments()).toBe(1);
        await admin.command({ setParameter: 1, ttlMonitorEnabled: true });
        await waitFor(async () => (await coll.countDocuments()) === 0);
      } finally {
        await client.close();
      }
    },
    TTL_TEST_TIMEOUT_MS,
  );

  it(
    'when the server is stopped, then its monitor stops: a document that expires afterwards is still on disk',
    async () => {
      const dbPath = await tempDir();
      const errors: unknown[] = [];
      const first = await start({
        dbPath,
        setParameter: { ttlMonitorSleepSecs: 1 },
        onError: (err) => errors.push(err),
      });
      const client = await new MongoClient(first.uri).connect();
      const coll = client.db('app').collection<TtlDocument>('late');
      await coll.createIndex({ at: 1 }, { expireAfterSeconds: 0 });
      await coll.insertOne({ _id: 'expires-after-stop', at: new Date(Date.now() + 1_500) });
      await client.close();
      await first.stop();
      // A monitor still running would have had two passes after the expiry by now.
      await sleep(4_000);
      expect(errors).toEqual([]);

      const second = await start({ dbPath, setParameter: { ttlMonitorEnabled: false } });
      const again = await new MongoClient(second.uri).connect();
      try {
        expect(await again.db('app').collection('late').countDocuments()).toBe(1);
      } finally {
        await again.close();
      }
    },
    TTL_TEST_TIMEOUT_MS,
  );

  it(
    'when the CLI is given --setParameter, then the server starts with it, and an unknown or invalid one is an error naming it',
    async () => {
      const cli = await startCli([
        '--in-memory',
        '--port',
        '0',
        '--setParameter',
        'ttlMonitorSleepSecs=5',
      ]);
      try {
        const client = await new MongoClient(cli.uri).connect();
        try {
          const reply = await client
            .db('admin')
            .command({ getParameter: 1, ttlMonitorSleepSecs: 1 });
          expect(reply['ttlMonitorSleepSecs']).toBe(5);
        } finally {
          await client.close();
        }
      } finally {
        cli.child.kill('SIGTERM');
        await cli.exited;
      }
      const unknown = await runCli([
        '--in-memory',
        '--port',
        '0',
        '--setParameter',
        'noSuchParameter=1',
      ]);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('noSuchParameter');
      const invalid = await runCli([
        '--in-memory',
        '--port',
        '0',
        '--setParameter',
        'ttlMonitorSleepSecs=0',
      ]);
      expect(invalid.code).toBe(1);
      expect(invalid.stderr).toContain('ttlMonitorSleepSecs');
    },
    TTL_TEST_TIMEOUT_MS,
  );
});
