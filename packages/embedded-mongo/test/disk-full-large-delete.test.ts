import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoClient, MongoServerError, type Collection } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { startCli, type CliOutcome, type CliProcess } from './cli-process.js';
import { eventually } from './eventually.js';
import { mountSmallDisk, unfill, type SmallDisk } from './small-disk.js';

const TIMEOUT_MS = 180_000;
const SMALL = 30_000;

interface Doc {
  _id: number;
  s: string;
}

// A delete of thousands of small documents needs more room in LMDB's file than a full disk
// has (its pages all over the table may be copied), so its writes go into LMDB a few at a
// time (lmdb-store.ts). The guarantees: such a delete still empties the disk, writes are taken
// again without a restart, and kill -9 while LMDB holds only part of one leaves, after the
// restart, every document it acknowledged deleting gone, and no other.
describe('a large delete on a full disk', () => {
  let disk: SmallDisk | undefined;
  let server: CliProcess | undefined;

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await disk?.unmount();
  });

  it(
    'when thousands of small documents are deleted on a full disk, then the delete frees space, writes succeed again, and after kill -9 in the middle of the next exactly the acknowledged deletes are gone',
    async () => {
      disk = await mountSmallDisk(16);
      const args = ['--port', '0', '--dbpath', join(disk.dir, 'db')];
      server = await startCli(args, disk.launch);
      let ended: CliOutcome | undefined;
      void server.exited.then((outcome) => (ended = outcome));
      let client = await new MongoClient(server.uri).connect();
      let small: Collection<Doc> = client.db('full').collection<Doc>('small');
      const s = 'x'.repeat(50);
      for (let from = 0; from < SMALL; from += 1_000)
        await small.insertMany(Array.from({ length: 1_000 }, (_, i) => ({ _id: from + i, s })));
      // 10 KB documents until the server refuses one, then something else takes the rest.
      const big = client.db('full').collection<Doc>('big');
      const filler = 'y'.repeat(10_000);
      let bigCount = 0;
      for (; bigCount < 2_000; bigCount++) {
        const refused = await big.insertOne({ _id: bigCount, s: filler }).then(
          () => false,
          (err: unknown) => err instanceof MongoServerError,
        );
        if (refused) break;
      }
      const fillers = [disk.fill()];

      // 1. Half of the small documents deleted on the full disk (on the space reserve): the
      // delete is acknowledged, and once LMDB holds it, an insert is taken again.
      const first = await small.deleteMany({ _id: { $lt: SMALL / 2 } });
      expect(first.deletedCount).toBe(SMALL / 2);
      await eventually(() => big.insertOne({ _id: bigCount, s: filler }), 200);
      expect(await small.countDocuments()).toBe(SMALL / 2);
      expect(ended).toBeUndefined();

      // 2. A disk made larger, and another large delete, which LMDB takes in parts too (the
      // room laid down for one transaction is capped); kill -9 at a random moment meanwhile.
      await disk.resize(32);
      const second = await small.deleteMany({ _id: { $gte: SMALL / 2, $lt: SMALL - 1_000 } });
      expect(second.deletedCount).toBe(SMALL / 2 - 1_000);
      await sleep(Math.random() * 300);
      server.child.kill('SIGKILL');
      await server.exited;
      await client.close(true);
      for (const path of fillers) unfill(path);

      // 3. After the restart: the documents of acknowledged deletes are gone, the rest is there.
      server = await startCli(args, disk.launch);
      client = await new MongoClient(server.uri).connect();
      try {
        small = client.db('full').collection<Doc>('small');
        const left = (await small.find({}, { sort: { _id: 1 } }).toArray()).map((d) => d._id);
        expect(left).toEqual(Array.from({ length: 1_000 }, (_, i) => SMALL - 1_000 + i));
        expect(await client.db('full').collection('big').countDocuments()).toBe(bigCount + 1);
      } finally {
        await client.close();
        server.child.kill('SIGTERM');
        expect((await server.exited).code).toBe(0);
      }
    },
    TIMEOUT_MS,
  );
});
