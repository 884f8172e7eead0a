import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';

describe('concurrent clients', () => {
  const t = useTestDatabase('concurrency');

  it('when several clients insert in parallel, then every document is stored once', async () => {
    const clients = await Promise.all(
      Array.from({ length: 5 }, () => new MongoClient(t.uri, { maxPoolSize: 10 }).connect()),
    );
    try {
      await Promise.all(
        clients.flatMap((client, c) =>
          Array.from({ length: 40 }, (_, i) =>
            client.db(t.dbName).collection('parallel').insertOne({ c, i }),
          ),
        ),
      );
      expect(await t.db.collection('parallel').countDocuments()).toBe(200);
      expect((await t.db.collection('parallel').distinct('c')).sort()).toEqual([0, 1, 2, 3, 4]);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });

  it('when many clients increment one counter at once, then no increment is lost', async () => {
    const coll = t.db.collection<{ _id: string; n: number }>('counter');
    await coll.insertOne({ _id: 'c', n: 0 });
    const clients = await Promise.all(
      Array.from({ length: 4 }, () => new MongoClient(t.uri).connect()),
    );
    try {
      await Promise.all(
        clients.flatMap((client) =>
          Array.from({ length: 50 }, () =>
            client
              .db(t.dbName)
              .collection<{ _id: string; n: number }>('counter')
              .updateOne({ _id: 'c' }, { $inc: { n: 1 } }),
          ),
        ),
      );
      expect((await coll.findOne({ _id: 'c' }))?.n).toBe(200);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });

  it('when a unique key is claimed by many clients at once, then exactly one wins', async () => {
    const coll = t.db.collection('claims');
    await coll.createIndex({ key: 1 }, { unique: true });
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => coll.insertOne({ key: 'same', i })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await coll.countDocuments()).toBe(1);
  });

  it('when two cursors are read interleaved, then each returns its own documents', async () => {
    const coll = t.db.collection('interleave');
    await coll.insertMany(Array.from({ length: 300 }, (_, i) => ({ i, side: i % 2 })));
    const a = coll.find({ side: 0 }, { batchSize: 10 });
    const b = coll.find({ side: 1 }, { batchSize: 10 });
    const seenA: number[] = [];
    const seenB: number[] = [];
    for (;;) {
      const [da, db] = await Promise.all([a.tryNext(), b.tryNext()]);
      if (da) seenA.push(da['i'] as number);
      if (db) seenB.push(db['i'] as number);
      if (!da && !db) break;
    }
    expect(seenA).toHaveLength(150);
    expect(seenB).toHaveLength(150);
    expect(seenA.every((i) => i % 2 === 0)).toBe(true);
    expect(seenB.every((i) => i % 2 === 1)).toBe(true);
  });
});
