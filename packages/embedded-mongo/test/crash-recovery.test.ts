import { MongoClient, MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { startCli, type CliProcess } from './cli-process.js';
import { useTempDirs } from './temp-dirs.js';

const TIMEOUT_MS = 120_000;
const ROUNDS = 3;
const WORKERS = 16;

interface Item {
  _id: number;
  n: number;
  v?: number;
}

/** What the clients were told about each document. */
class Acknowledged {
  readonly present = new Map<number, number | undefined>();
  readonly deleted = new Set<number>();
  /** A write in flight when the process died may or may not have been applied. */
  readonly unsure = new Set<number>();
  readonly refused: number[] = [];
}

describe('kill -9 under concurrent writers', () => {
  const tempDir = useTempDirs('embedded-mongo-crash-');

  /** Writes from 16 clients until the server is killed after a random number of them. */
  async function writeUntilKilled(
    cli: CliProcess,
    acknowledged: Acknowledged,
    firstId: number,
  ): Promise<void> {
    const client = await new MongoClient(cli.uri, { maxPoolSize: WORKERS }).connect();
    const items = client.db('durable').collection<Item>('items');
    await items.createIndex({ n: 1 });
    const killAfter = 50 + Math.floor(Math.random() * 750);
    let next = firstId;
    let done = 0;
    const worker = async (): Promise<void> => {
      for (;;) {
        const id = next++;
        acknowledged.unsure.add(id);
        try {
          await items.insertOne({ _id: id, n: id % 7 });
          acknowledged.present.set(id, undefined);
          if (id % 5 === 0) {
            await items.updateOne({ _id: id }, { $set: { v: id } });
            acknowledged.present.set(id, id);
          }
          if (id % 11 === 0) {
            await items.deleteOne({ _id: id });
            acknowledged.present.delete(id);
            acknowledged.deleted.add(id);
          }
          acknowledged.unsure.delete(id);
        } catch (err) {
          // The server is gone; a refusal would be a failure of its own, checked below.
          if (err instanceof MongoServerError) {
            acknowledged.refused.push(id);
            acknowledged.unsure.delete(id);
          }
          return;
        }
        if (++done === killAfter) cli.child.kill('SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    expect((await cli.exited).signal).toBe('SIGKILL');
    await client.close(true);
  }

  it(
    'when the server is killed at a random point while 16 clients write, round after round, then every acknowledged insert, update and delete is there after each restart',
    async () => {
      const dbPath = await tempDir();
      const acknowledged = new Acknowledged();
      for (let round = 0; round < ROUNDS; round++) {
        const cli = await startCli(['--port', '0', '--dbpath', dbPath]);
        try {
          await writeUntilKilled(cli, acknowledged, round * 100_000);
        } finally {
          cli.child.kill('SIGKILL'); // already dead unless the writers failed first
        }

        const again = await startCli(['--port', '0', '--dbpath', dbPath]);
        const client = await new MongoClient(again.uri).connect();
        try {
          const items = client.db('durable').collection<Item>('items');
          const stored = new Map((await items.find({}).toArray()).map((d) => [d._id, d]));
          for (const [id, v] of acknowledged.present)
            if (!acknowledged.unsure.has(id)) expect(stored.get(id)?.v, `_id ${id}`).toBe(v);
          for (const id of acknowledged.deleted) expect(stored.has(id), `_id ${id}`).toBe(false);
          expect(acknowledged.refused).toEqual([]);
          // Nothing but what some client wrote, and the index is rebuilt from it.
          for (const id of stored.keys())
            expect(acknowledged.present.has(id) || acknowledged.unsure.has(id)).toBe(true);
          expect(await items.countDocuments({ n: 3 })).toBe(
            [...stored.values()].filter((d) => d.n === 3).length,
          );
          // What was in flight is settled now, one way or the other.
          for (const id of acknowledged.unsure) {
            const doc = stored.get(id);
            if (doc) acknowledged.present.set(id, doc.v);
            else acknowledged.present.delete(id);
          }
          acknowledged.unsure.clear();
        } finally {
          await client.close();
          again.child.kill('SIGTERM');
          expect((await again.exited).code).toBe(0);
        }
      }
    },
    TIMEOUT_MS,
  );
});
