import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoClient, MongoServerError, type Collection } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { startCli, type CliOutcome, type CliProcess } from './cli-process.js';
import { eventually } from './eventually.js';
import { mountSmallDisk, unfill, type SmallDisk } from './small-disk.js';

const TIMEOUT_MS = 120_000;
const OUT_OF_DISK_SPACE = 14031;
// Long enough for the server's LMDB transaction of the writes before (one every 10 ms) and the
// log segments it then deletes.
const SETTLE_MS = 300;

interface Item {
  _id: number;
  filler: string;
  v?: number;
}

async function refusal(write: Promise<unknown>): Promise<MongoServerError> {
  const outcome: unknown = await write.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!(outcome instanceof MongoServerError)) throw new Error('the write was not refused');
  return outcome;
}

// Each guarantee below is about one server on a 16 MB disk of its own, so the test walks through
// them in order: filling the disk, refusals that leave no trace, deletes that free space,
// recovery without a restart, and acknowledged writes that survive kill -9 afterwards.
describe('a full disk', () => {
  let disk: SmallDisk | undefined;
  let server: CliProcess | undefined;

  afterAll(async () => {
    // A test that failed half-way leaves its server running.
    server?.child.kill('SIGKILL');
    await server?.exited;
    await disk?.unmount();
  });

  it(
    'when the disk fills, then writes are refused whole while the server keeps serving reads, deletes free space, writes succeed again without a restart, and after kill -9 exactly the acknowledged writes are there',
    async () => {
      disk = await mountSmallDisk(16);
      const dbPath = join(disk.dir, 'data.v2');
      const args = ['--port', '0', '--dbpath', dbPath];
      server = await startCli(args, disk.launch);
      let client = await new MongoClient(server.uri).connect();
      let items: Collection<Item> = client.db('full').collection<Item>('items');
      // How the server ended, with what it printed, if it did before it was killed.
      let ended: CliOutcome | undefined;
      void server.exited.then((outcome) => (ended = outcome));
      const filler = 'x'.repeat(10_000);
      // A capped collection's order is its content: an insert that trims it must be undone whole.
      const db = client.db('full');
      await db.createCollection('events', { capped: true, size: 1024 * 1024, max: 3 });
      const events = db.collection<{ _id: number; filler?: string }>('events');
      await events.insertMany([{ _id: 1 }, { _id: 2 }, { _id: 3 }]);
      const stored = new Map<number, Item>();

      // 1. Inserts of 10 KB until the disk is full: a refusal, not an exit.
      let refusedId = -1;
      for (let id = 0; id < 5_000 && refusedId < 0; id++) {
        try {
          await items.insertOne({ _id: id, filler });
          stored.set(id, { _id: id, filler });
        } catch (err) {
          expect(err).toBeInstanceOf(MongoServerError);
          expect((err as MongoServerError).code).toBe(OUT_OF_DISK_SPACE);
          expect((err as MongoServerError).message).toContain(dbPath);
          refusedId = id;
        }
      }
      expect(refusedId).toBeGreaterThan(100);
      expect(ended).toBeUndefined();

      // 2. The refused insert left no trace: not readable, and retrying it is refused again for
      // the disk, not as a duplicate key. A refused update leaves the old value. (The server
      // refuses before the disk is quite full, to keep room for LMDB; something else takes the
      // rest, so that each of these is refused whatever LMDB did meanwhile. The server deletes
      // log segments once LMDB holds them, which can give space back just after a fill: it
      // fills again once that is done.)
      const fillers = [disk.fill()];
      await sleep(SETTLE_MS);
      fillers.push(disk.fill());
      expect(await items.findOne({ _id: refusedId })).toBeNull();
      expect((await refusal(items.insertOne({ _id: refusedId, filler }))).code).toBe(
        OUT_OF_DISK_SPACE,
      );
      expect((await refusal(items.updateOne({ _id: 0 }, { $set: { v: 1 } }))).code).toBe(
        OUT_OF_DISK_SPACE,
      );
      expect(await items.findOne({ _id: 0 })).toEqual({ _id: 0, filler });
      expect(await items.countDocuments()).toBe(stored.size);
      // Refused catalog changes are undone too: no new collection, no new index, no rename, and
      // a capped collection keeps its documents in their order.
      expect((await refusal(db.collection('other').insertOne({ filler }))).code).toBe(
        OUT_OF_DISK_SPACE,
      );
      // (A long name makes the catalog record larger than the slack in the log's last page.)
      const index = items.createIndex({ v: 1 }, { name: 'v'.repeat(8_000) });
      expect((await refusal(index)).code).toBe(OUT_OF_DISK_SPACE);
      expect((await refusal(items.rename('renamed'))).code).toBe(OUT_OF_DISK_SPACE);
      expect((await refusal(events.insertOne({ _id: 4, filler }))).code).toBe(OUT_OF_DISK_SPACE);
      const names = (await db.listCollections().toArray()).map((c) => c.name);
      expect(names.sort()).toEqual(['events', 'items']);
      expect((await items.listIndexes().toArray()).map((i) => i['name'])).toEqual(['_id_']);
      expect(await items.countDocuments()).toBe(stored.size);
      expect((await events.find({}).toArray()).map((e) => e._id)).toEqual([1, 2, 3]);

      // 3. Deleting frees space (on the space the server holds in reserve, the disk being full),
      // and writes that add data succeed again without a restart.
      const removed = await items.deleteMany({ _id: { $lt: 300 } });
      expect(removed.deletedCount).toBe(300);
      for (let id = 0; id < 300; id++) stored.delete(id);
      await eventually(() => items.insertOne({ _id: refusedId, filler }));
      stored.set(refusedId, { _id: refusedId, filler });

      // 4. Something else fills the disk again. With the reserve used, a delete is refused too
      // and hides nothing, and the server stays up: a delete the log took waits until LMDB's
      // file has room for it, LMDB never being left to find the disk full (lmdb-file-room.ts).
      // (The server deletes log segments once LMDB holds them, which may give space back just
      // after the fill: it fills again until an insert is refused, keeping any taken meanwhile.)
      let refusedInsert: { id: number; err: MongoServerError } | undefined;
      for (let id = 100_000; refusedInsert === undefined && id < 100_010; id++) {
        fillers.push(disk.fill());
        try {
          await items.insertOne({ _id: id, filler });
          stored.set(id, { _id: id, filler });
        } catch (err) {
          expect(err).toBeInstanceOf(MongoServerError);
          refusedInsert = { id, err: err as MongoServerError };
        }
      }
      expect(refusedInsert?.err.code).toBe(OUT_OF_DISK_SPACE);
      let refusedDelete: MongoServerError | undefined;
      // 200 deletions make a log record larger than the slack in the log file's last page.
      for (let from = 300; refusedDelete === undefined && from < 900; from += 200) {
        const range = { _id: { $gte: from, $lt: from + 200 } };
        try {
          await items.deleteMany(range);
          for (let id = from; id < from + 200; id++) stored.delete(id);
        } catch (err) {
          expect(err).toBeInstanceOf(MongoServerError);
          refusedDelete = err as MongoServerError;
          expect(await items.countDocuments(range)).toBe(200);
        }
        fillers.push(disk.fill());
      }
      expect(refusedDelete?.code).toBe(OUT_OF_DISK_SPACE);
      expect(await items.countDocuments()).toBe(stored.size);
      expect(ended).toBeUndefined();

      // 5. The disk is made larger: writes are acknowledged again, then the process is killed.
      await disk.resize(64);
      const [updated, deleted] = [...stored.keys()].sort((a, b) => b - a);
      if (updated === undefined || deleted === undefined) throw new Error('nothing left');
      await eventually(async () => {
        expect((await items.updateOne({ _id: updated }, { $set: { v: 2 } })).modifiedCount).toBe(1);
      });
      stored.set(updated, { _id: updated, filler, v: 2 });
      expect((await items.deleteOne({ _id: deleted })).deletedCount).toBe(1);
      stored.delete(deleted);
      await items.insertOne({ _id: 200_000, filler });
      stored.set(200_000, { _id: 200_000, filler });
      server.child.kill('SIGKILL');
      await server.exited;
      await client.close(true);
      for (const path of fillers) unfill(path);

      // 6. After a restart: every acknowledged write, nothing refused.
      server = await startCli(args, disk.launch);
      client = await new MongoClient(server.uri).connect();
      try {
        items = client.db('full').collection<Item>('items');
        const after = await items.find({}, { sort: { _id: 1 } }).toArray();
        expect(after.map((d) => d._id)).toEqual([...stored.keys()].sort((a, b) => a - b));
        expect(await items.findOne({ _id: updated })).toEqual({ _id: updated, filler, v: 2 });
        expect(await items.findOne({ _id: refusedInsert?.id ?? -1 })).toBeNull();
      } finally {
        await client.close();
        server.child.kill('SIGTERM');
        expect((await server.exited).code).toBe(0);
      }
    },
    TIMEOUT_MS,
  );
});
