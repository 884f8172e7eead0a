import { appendFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { MongoClient, type MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { startEmbeddedMongo } from '../src/index.js';
import { useTempDirs } from './temp-dirs.js';
import { runCli, startCli } from './cli-process.js';

// Starting the CLI can take a few seconds on a busy machine.
const CLI_TIMEOUT_MS = 60_000;

// These tests are about this server's own storage, so they start it themselves; each has folders
// and servers of its own, so they run side by side (most of their time is processes starting).
describe.concurrent('persistence', () => {
  const tempDir = useTempDirs('embedded-mongo-');

  it('when the server is stopped and started again on the same dbPath, then data, unique indexes, drops and renames are all as they were', async () => {
    const dbPath = await tempDir();
    const first = await startEmbeddedMongo({ dbPath });
    const client = await new MongoClient(first.uri).connect();
    const coll = client.db('app').collection('users');
    await coll.createIndex({ email: 1 }, { unique: true });
    await coll.insertMany(
      Array.from({ length: 20 }, (_, i) => ({ _id: i, email: `u${i}@x` }) as never),
    );
    await coll.updateOne({ _id: 3 } as never, { $set: { name: 'three' } });
    await coll.deleteOne({ _id: 4 } as never);
    await client.db('app').collection('dropped').insertOne({ a: 1 });
    await client.db('app').collection('dropped').drop();
    await client
      .db('app')
      .collection('temporary')
      .insertOne({ _id: 'moved' } as never);
    await client
      .db('app')
      .collection('odd-ids')
      .insertMany([
        { _id: 'x'.repeat(3000) },
        { _id: { a: 1, b: 'c' } },
        { _id: 'ü'.repeat(900) },
      ] as never[]);
    await client.db('app').collection('temporary').rename('kept');
    await client.close();
    await first.stop();

    const second = await startEmbeddedMongo({ dbPath });
    const again = await new MongoClient(second.uri).connect();
    try {
      const users = again.db('app').collection('users');
      expect(await users.countDocuments()).toBe(19);
      expect(await users.findOne({ _id: 3 } as never)).toEqual({
        _id: 3,
        email: 'u3@x',
        name: 'three',
      });
      expect(await users.findOne({ _id: 4 } as never)).toBeNull();
      expect((await users.listIndexes().toArray()).map((i) => i['name'])).toEqual([
        '_id_',
        'email_1',
      ]);
      const err: unknown = await users.insertOne({ email: 'u5@x' }).catch((e: unknown) => e);
      expect((err as MongoServerError).code).toBe(11000);
      const names = (await again.db('app').listCollections().toArray()).map((c) => c.name);
      expect(names.sort()).toEqual(['kept', 'odd-ids', 'users']);
      expect(await again.db('app').collection('kept').findOne({})).toEqual({ _id: 'moved' });
      const odd = again.db('app').collection('odd-ids');
      expect(await odd.countDocuments()).toBe(3);
      expect(await odd.findOne({ _id: 'x'.repeat(3000) } as never)).not.toBeNull();
      expect(await odd.findOne({ _id: { a: 1, b: 'c' } } as never)).not.toBeNull();
      await odd.deleteOne({ _id: 'ü'.repeat(900) } as never);
      expect(await odd.countDocuments()).toBe(2);
    } finally {
      await again.close();
      await second.stop();
    }
  });

  it('when documents whose namespace and _id make a key of 64 characters or more are stored, then a restart reads them back and a drop removes them', async () => {
    // An idempotency key's id is a 43-character digest: with its namespace the key passes the
    // length at which lmdb's default key encoding stopped escaping the separator.
    const dbPath = await tempDir();
    const ids = Array.from({ length: 120 }, (_, length) => 'k'.repeat(length + 1));
    const first = await startEmbeddedMongo({ dbPath });
    const client = await new MongoClient(first.uri).connect();
    await client
      .db('orders')
      .collection('idempotencyKeys')
      .insertMany(ids.map((_id) => ({ _id, expiresAt: new Date() })) as never[]);
    await client
      .db('orders')
      .collection('gone')
      .insertMany(ids.map((_id) => ({ _id })) as never[]);
    await client.close();
    await first.stop();

    const second = await startEmbeddedMongo({ dbPath });
    const again = await new MongoClient(second.uri).connect();
    const keys = again.db('orders').collection('idempotencyKeys');
    const found = await keys.find({}, { projection: { _id: 1 } }).toArray();
    expect(found.map((doc) => doc._id).sort()).toEqual([...ids].sort());
    await again.db('orders').collection('gone').drop();
    await again
      .db('orders')
      .collection('gone')
      .insertOne({ _id: 'fresh' } as never);
    await again.close();
    await second.stop();

    const third = await startEmbeddedMongo({ dbPath });
    const last = await new MongoClient(third.uri).connect();
    try {
      const gone = await last.db('orders').collection('gone').find().toArray();
      expect(gone).toEqual([{ _id: 'fresh' }]);
      expect(await last.db('orders').collection('idempotencyKeys').countDocuments()).toBe(120);
    } finally {
      await last.close();
      await third.stop();
    }
  });

  it('when a second server is started on a dbPath in use, then it is refused and the first keeps working', async () => {
    const dbPath = await tempDir();
    const first = await startEmbeddedMongo({ dbPath });
    try {
      await expect(startEmbeddedMongo({ dbPath })).rejects.toThrow(/in use/);
      const client = await new MongoClient(first.uri).connect();
      expect((await client.db('x').command({ ping: 1 }))['ok']).toBe(1);
      await client.close();
    } finally {
      await first.stop();
    }
    const again = await startEmbeddedMongo({ dbPath });
    await again.stop();
  });

  it('when the server restarts, then a non-unique index is rebuilt from the stored documents and used', async () => {
    const dbPath = await tempDir();
    const first = await startEmbeddedMongo({ dbPath });
    const client = await new MongoClient(first.uri).connect();
    const stock = client.db('app').collection('stock');
    await stock.createIndex({ quantity: 1 });
    await stock.insertMany(
      Array.from({ length: 50 }, (_, i) => ({ _id: i, quantity: i % 10 }) as never),
    );
    await stock.updateOne({ _id: 3 } as never, { $set: { quantity: 100 } });
    await client.close();
    await first.stop();

    const second = await startEmbeddedMongo({ dbPath });
    const again = await new MongoClient(second.uri).connect();
    try {
      const restored = again.db('app').collection('stock');
      const low = restored.find({ quantity: { $lt: 2 } }, { sort: { _id: 1 } });
      expect((await low.toArray()).map((d) => d['_id'])).toEqual([
        0, 1, 10, 11, 20, 21, 30, 31, 40, 41,
      ]);
      const explain = await restored.find({ quantity: { $gte: 100 } }).explain('executionStats');
      expect(explain['queryPlanner']['winningPlan']).toMatchObject({
        inputStage: { stage: 'IXSCAN', indexName: 'quantity_1' },
      });
      expect(explain['executionStats']['nReturned']).toBe(1);
    } finally {
      await again.close();
      await second.stop();
    }
  });

  it(
    'when the CLI is killed with SIGKILL after acknowledged writes, then a restart finds every acknowledged write',
    async () => {
      const dbPath = await tempDir();
      const first = await startCli(['--port', '0', '--dbpath', dbPath]);
      const client = await new MongoClient(first.uri).connect();
      const coll = client.db('durable').collection('events');
      for (let i = 0; i < 30; i++)
        await coll.insertOne({ _id: i, at: new Date(1_700_000_000_000 + i) } as never);
      await coll.insertMany(Array.from({ length: 50 }, (_, i) => ({ _id: 100 + i }) as never));
      await coll.updateOne({ _id: 0 } as never, { $set: { touched: true } });
      first.child.kill('SIGKILL');
      const outcome = await first.exited;
      expect(outcome.signal).toBe('SIGKILL');
      await client.close();

      const second = await startCli(['--port', '0', '--dbpath', dbPath]);
      const again = await new MongoClient(second.uri).connect();
      try {
        const events = again.db('durable').collection('events');
        expect(await events.countDocuments()).toBe(80);
        expect(await events.findOne({ _id: 0 } as never)).toEqual({
          _id: 0,
          at: new Date(1_700_000_000_000),
          touched: true,
        });
      } finally {
        await again.close();
        second.child.kill('SIGTERM');
        const stopped = await second.exited;
        expect(stopped.code).toBe(0);
      }
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'when acknowledged writes fill more than one write-log segment and the process dies in the middle of one more append, then a restart has every acknowledged write',
    async () => {
      const dbPath = await tempDir();
      const first = await startCli(['--port', '0', '--dbpath', dbPath]);
      const client = await new MongoClient(first.uri).connect();
      const coll = client.db('durable').collection('large');
      // 40 documents of 450 kB: about 18 MB of log over many 1 MiB segments.
      const filler = 'x'.repeat(450_000);
      for (let i = 0; i < 40; i++) await coll.insertOne({ _id: i, filler } as never);
      first.child.kill('SIGKILL');
      await first.exited;
      await client.close(true);
      // A record header promising more bytes than follow, as an append cut short would leave.
      const logs = (await readdir(dbPath)).filter((name) => name.startsWith('wal-')).sort();
      const torn = Buffer.alloc(12);
      torn.writeUInt32LE(1000, 0);
      await appendFile(join(dbPath, logs.at(-1) ?? 'wal-missing'), torn);

      const second = await startCli(['--port', '0', '--dbpath', dbPath]);
      const again = await new MongoClient(second.uri).connect();
      try {
        const large = again.db('durable').collection('large');
        expect(await large.countDocuments()).toBe(40);
        const last = await large.findOne({ _id: 39 } as never);
        expect(last?.['filler']).toBe(filler);
      } finally {
        await again.close();
        second.child.kill('SIGTERM');
        expect((await second.exited).code).toBe(0);
      }
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'when the CLI port is already taken, then it says so without a stack trace and exits with code 1',
    async () => {
      const holder = await startEmbeddedMongo({ inMemory: true });
      try {
        const outcome = await runCli(['--port', String(holder.port), '--in-memory']);
        expect(outcome.code).toBe(1);
        expect(outcome.stderr).toContain(`port ${holder.port} is already in use`);
        expect(outcome.stderr).not.toMatch(/\n[ \t]+at /);
      } finally {
        await holder.stop();
      }
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'when the CLI runs in memory and gets SIGINT, then it exits with code 0',
    async () => {
      const cli = await startCli(['--port', '0', '--in-memory']);
      const client = await new MongoClient(cli.uri).connect();
      expect((await client.db('x').command({ ping: 1 }))['ok']).toBe(1);
      await client.close();
      cli.child.kill('SIGINT');
      expect((await cli.exited).code).toBe(0);
    },
    CLI_TIMEOUT_MS,
  );
});
