import type { Collection, Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';
import { serverError } from './support.js';
import { TTL_TEST_TIMEOUT_MS, waitFor } from './ttl-support.js';

interface TtlDocument {
  _id: string;
  [field: string]: unknown;
}

const HOUR_MS = 3_600_000;

// MongoDB's TTL monitor runs every 60 s; the admin command (which a real mongod accepts too)
// shortens it to 1 s for these tests and the previous period is restored after them. Each test
// has collections of its own, so they wait for the monitor's passes side by side.
describe.concurrent('TTL indexes', () => {
  const t = useTestDatabase('ttl');
  let previousPeriod: unknown;

  const admin = (): Db => t.client.db('admin');
  const ids = async (coll: Collection<TtlDocument>): Promise<string[]> =>
    (await coll.find({}, { sort: { _id: 1 } }).toArray()).map((d) => d._id);

  beforeAll(async () => {
    const reply = await admin().command({ getParameter: 1, ttlMonitorSleepSecs: 1 });
    previousPeriod = reply['ttlMonitorSleepSecs'];
    await admin().command({ setParameter: 1, ttlMonitorSleepSecs: 1 });
  });

  afterAll(async () => {
    await admin().command({ setParameter: 1, ttlMonitorSleepSecs: previousPeriod });
  });

  it('when ttlMonitorSleepSecs is set, then getParameter answers it and setParameter answers the previous value', async () => {
    expect(await admin().command({ getParameter: 1, ttlMonitorSleepSecs: 1 })).toMatchObject({
      ttlMonitorSleepSecs: 1,
      ok: 1,
    });
    expect(await admin().command({ setParameter: 1, ttlMonitorSleepSecs: 1 })).toMatchObject({
      was: 1,
      ok: 1,
    });
  });

  it('when setParameter is sent to another database or with a period of 0, then it fails', async () => {
    expect(
      (await serverError(t.db.command({ setParameter: 1, ttlMonitorSleepSecs: 1 }))).code,
    ).toBe(13);
    expect(
      (await serverError(admin().command({ setParameter: 1, ttlMonitorSleepSecs: 0 }))).code,
    ).toBe(2);
  });

  it(
    'when a document’s date plus expireAfterSeconds has passed, then the monitor deletes it, while documents whose field is in the future, not a date or missing stay',
    async () => {
      const coll = t.db.collection<TtlDocument>('events');
      await coll.createIndex({ at: 1 }, { expireAfterSeconds: 60 });
      const now = Date.now();
      await coll.insertMany([
        { _id: 'past', at: new Date(now - 120_000) },
        { _id: 'long-past', at: new Date(0) },
        { _id: 'future', at: new Date(now + HOUR_MS) },
        { _id: 'number', at: now - 120_000 },
        { _id: 'string', at: new Date(now - 120_000).toISOString() },
        { _id: 'null', at: null },
        { _id: 'missing' },
      ]);
      await waitFor(
        async () => (await coll.countDocuments({ _id: { $in: ['past', 'long-past'] } })) === 0,
      );
      expect(await ids(coll)).toEqual(['future', 'missing', 'null', 'number', 'string']);
      // The deletion went through the index too: a query the TTL index answers sees nothing expired.
      expect(
        await coll.find({ at: { $lt: new Date(now) } }, { hint: { at: 1 } }).toArray(),
      ).toEqual([]);
    },
    TTL_TEST_TIMEOUT_MS,
  );

  it(
    'when the indexed field is an array of dates, then the earliest date decides',
    async () => {
      const coll = t.db.collection<TtlDocument>('arrays');
      await coll.createIndex({ at: 1 }, { expireAfterSeconds: 60 });
      const now = Date.now();
      await coll.insertMany([
        { _id: 'earliest-expired', at: [new Date(now + HOUR_MS), new Date(now - 120_000)] },
        { _id: 'all-future', at: [new Date(now + HOUR_MS), new Date(now + 2 * HOUR_MS)] },
        { _id: 'mixed-types', at: ['yesterday', new Date(now + HOUR_MS), 5] },
      ]);
      await waitFor(async () => (await coll.countDocuments({ _id: 'earliest-expired' })) === 0);
      expect(await ids(coll)).toEqual(['all-future', 'mixed-types']);
    },
    TTL_TEST_TIMEOUT_MS,
  );

  it(
    'when expireAfterSeconds is 0, then each document expires at the date it holds, and not before',
    async () => {
      const coll = t.db.collection<TtlDocument>('sessions');
      await coll.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
      const soon = Date.now() + 3_000;
      await coll.insertMany([
        { _id: 'expired', expiresAt: new Date(Date.now() - 1_000) },
        { _id: 'soon', expiresAt: new Date(soon) },
        { _id: 'later', expiresAt: new Date(Date.now() + HOUR_MS) },
      ]);
      await waitFor(async () => (await coll.countDocuments({ _id: 'expired' })) === 0);
      await waitFor(async () => (await coll.countDocuments({ _id: 'soon' })) === 0);
      const goneBy = Date.now();
      expect(goneBy).toBeGreaterThanOrEqual(soon);
      expect(await ids(coll)).toEqual(['later']);
    },
    TTL_TEST_TIMEOUT_MS,
  );

  it(
    'when collMod changes expireAfterSeconds, then the monitor applies the new value',
    async () => {
      const coll = t.db.collection<TtlDocument>('modified');
      await coll.createIndex({ at: 1 }, { expireAfterSeconds: HOUR_MS / 1000 });
      const now = Date.now();
      await coll.insertMany([
        { _id: 'two-hours-old', at: new Date(now - 2 * HOUR_MS) },
        { _id: 'minute-old', at: new Date(now - 60_000) },
      ]);
      // Once the older one is gone a pass has run, and it left the younger one under one hour.
      await waitFor(async () => (await coll.countDocuments({ _id: 'two-hours-old' })) === 0);
      expect(await ids(coll)).toEqual(['minute-old']);

      const reply = await t.db.command({
        collMod: 'modified',
        index: { keyPattern: { at: 1 }, expireAfterSeconds: 10 },
      });
      expect(reply).toMatchObject({ expireAfterSeconds_old: 3600, expireAfterSeconds_new: 10 });
      await waitFor(async () => (await coll.countDocuments()) === 0);
    },
    TTL_TEST_TIMEOUT_MS,
  );

  it(
    'when a TTL index has a partial filter, then only the documents it selects expire',
    async () => {
      const coll = t.db.collection<TtlDocument>('partial');
      await coll.createIndex(
        { at: 1 },
        { expireAfterSeconds: 0, partialFilterExpression: { temporary: true } },
      );
      const past = new Date(Date.now() - 60_000);
      await coll.insertMany([
        { _id: 'temporary', at: past, temporary: true },
        { _id: 'kept', at: past, temporary: false },
      ]);
      await waitFor(async () => (await coll.countDocuments({ _id: 'temporary' })) === 0);
      expect(await ids(coll)).toEqual(['kept']);
    },
    TTL_TEST_TIMEOUT_MS,
  );

  it('when expireAfterSeconds is negative, not a number or over 2^31-1, then createIndex fails with 67 CannotCreateIndex', async () => {
    const coll = t.db.collection('invalid');
    for (const expireAfterSeconds of [-1, 'soon', 2147483648]) {
      const err = await serverError(
        t.db.command({
          createIndexes: 'invalid',
          indexes: [{ key: { at: 1 }, name: 'at_1', expireAfterSeconds }],
        }),
      );
      expect(err.code).toBe(67);
    }
    await coll.createIndex({ at: 1 }, { expireAfterSeconds: 2147483647 });
    const indexes = await coll.listIndexes().toArray();
    expect(indexes.find((i) => i['name'] === 'at_1')?.['expireAfterSeconds']).toBe(2147483647);
  });

  it('when a TTL index is asked for on _id or on a capped collection, then it is refused', async () => {
    const idErr = await serverError(
      t.db.collection('id-ttl').createIndex({ _id: 1 }, { expireAfterSeconds: 10 }),
    );
    expect(idErr.code).toBe(197);
    await t.db.createCollection('capped-ttl', { capped: true, size: 4096 });
    const cappedErr = await serverError(
      t.db.collection('capped-ttl').createIndex({ at: 1 }, { expireAfterSeconds: 10 }),
    );
    expect(cappedErr.code).toBe(67);
  });

  it('when collMod sets a negative expireAfterSeconds, then it fails with 72 InvalidOptions', async () => {
    const coll = t.db.collection('collmod-invalid');
    await coll.createIndex({ at: 1 }, { expireAfterSeconds: 10 });
    const err = await serverError(
      t.db.command({
        collMod: 'collmod-invalid',
        index: { keyPattern: { at: 1 }, expireAfterSeconds: -5 },
      }),
    );
    expect(err.code).toBe(72);
  });
});
