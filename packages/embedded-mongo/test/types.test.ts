import { Binary, Decimal128, Double, Int32, Long, ObjectId, Timestamp, UUID } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';

describe('BSON types', () => {
  const t = useTestDatabase('types');

  it('when a document with every common BSON type is stored, then it reads back with the same types', async () => {
    const coll = t.db.collection('all');
    const id = new ObjectId();
    const when = new Date('2024-05-06T07:08:09.010Z');
    await coll.insertOne({
      _id: id,
      date: when,
      dec: Decimal128.fromString('12.345'),
      long: Long.fromString('9007199254740993'),
      smallLong: Long.fromNumber(42),
      int: new Int32(7),
      double: new Double(2),
      frac: 2.5,
      bin: new Binary(Buffer.from([1, 2, 3])),
      uuid: new UUID('12345678-1234-4234-8234-123456789abc'),
      ts: new Timestamp({ t: 1, i: 2 }),
      nested: { deep: { list: [1, 'two', { three: 3 }], nothing: null } },
      flag: true,
      regex: /ab+c/i,
    });
    const doc = await coll.findOne({ _id: id }, { promoteValues: false, promoteLongs: false });
    expect(doc).not.toBeNull();
    const d = doc as Record<string, unknown>;
    expect((d['_id'] as ObjectId).equals(id)).toBe(true);
    expect(d['date']).toEqual(when);
    expect(d['dec']).toBeInstanceOf(Decimal128);
    expect(String(d['dec'])).toBe('12.345');
    expect(d['long']).toBeInstanceOf(Long);
    expect(String(d['long'])).toBe('9007199254740993');
    expect(d['smallLong']).toBeInstanceOf(Long);
    expect(String(d['smallLong'])).toBe('42');
    expect(d['int']).toBeInstanceOf(Int32);
    expect(d['double']).toBeInstanceOf(Double);
    expect(Number(d['double'])).toBe(2);
    expect(d['frac']).toBeInstanceOf(Double);
    expect(Buffer.from((d['bin'] as Binary).buffer)).toEqual(Buffer.from([1, 2, 3]));
    expect((d['uuid'] as Binary).sub_type).toBe(4);
    expect(d['ts']).toBeInstanceOf(Timestamp);
    expect(d['flag']).toBe(true);
    expect(d['regex']).toEqual(/ab+c/i);
  });

  it('when an int64 field is incremented, then it stays an int64', async () => {
    const coll = t.db.collection('inc');
    await coll.insertOne({ _id: 1, n: Long.fromNumber(5) } as never);
    await coll.updateOne({ _id: 1 } as never, { $inc: { n: 1 } });
    const doc = await coll.findOne({ _id: 1 } as never, { promoteLongs: false });
    expect(doc?.['n']).toBeInstanceOf(Long);
    expect(String(doc?.['n'])).toBe('6');
  });

  it('when an int32 field is incremented by an int64, then it becomes an int64', async () => {
    const coll = t.db.collection('widen');
    await coll.insertOne({ _id: 1, n: 5 } as never);
    await coll.updateOne({ _id: 1 } as never, {
      $inc: { n: Long.fromNumber(2), fresh: Long.fromNumber(1) },
    });
    const doc = await coll.findOne({ _id: 1 } as never, { promoteLongs: false });
    expect(doc?.['n']).toBeInstanceOf(Long);
    expect(String(doc?.['n'])).toBe('7');
    expect(doc?.['fresh']).toBeInstanceOf(Long);
  });

  it('when $set writes a sub-document holding an int64, then the int64 is kept', async () => {
    const coll = t.db.collection('nested-set');
    await coll.insertMany([{ _id: 1 }, { _id: 2 }] as never[]);
    await coll.updateMany({}, {
      $set: { sub: { n: Long.fromNumber(9) } },
      $push: { list: { d: new Double(1) } },
    } as never);
    const docs = await coll.find({}, { promoteValues: false }).toArray();
    for (const doc of docs) {
      expect((doc['sub'] as { n: unknown }).n).toBeInstanceOf(Long);
      expect((doc['list'] as Array<{ d: unknown }>)[0]?.d).toBeInstanceOf(Double);
    }
  });

  it('when int64 values are compared with plain numbers, then ranges and sorting are numeric', async () => {
    const coll = t.db.collection('compare');
    await coll.insertMany([
      { n: Long.fromNumber(10) },
      { n: 9 },
      { n: new Double(11) },
      { n: Long.fromNumber(-3) },
    ]);
    const docs = await coll
      .find({ n: { $gt: 5 } }, { projection: { _id: 0 } })
      .sort({ n: 1 })
      .toArray();
    expect(docs.map((d) => Number(d['n']))).toEqual([9, 10, 11]);
  });

  it('when a projection keeps an int64 field, then it is still an int64', async () => {
    const coll = t.db.collection('projected');
    await coll.insertOne({ _id: 1, n: Long.fromNumber(3), other: 1 } as never);
    const doc = await coll.findOne({ _id: 1 } as never, {
      projection: { n: 1 },
      promoteLongs: false,
    });
    expect(doc?.['n']).toBeInstanceOf(Long);
  });

  it('when querying by ObjectId, Date and Decimal128 equality, then the document is found', async () => {
    const coll = t.db.collection('eq');
    const ref = new ObjectId();
    const when = new Date('2020-01-01T00:00:00Z');
    await coll.insertOne({ ref, when, price: Decimal128.fromString('9.99') });
    expect(await coll.countDocuments({ ref })).toBe(1);
    expect(await coll.countDocuments({ ref: new ObjectId(ref.toHexString()) })).toBe(1);
    expect(await coll.countDocuments({ when: { $gte: new Date('2019-12-31T00:00:00Z') } })).toBe(1);
    expect(await coll.countDocuments({ price: Decimal128.fromString('9.99') })).toBe(1);
  });

  it('when _id values are equal numbers of different BSON types, then they count as duplicates', async () => {
    const coll = t.db.collection('numeric-id');
    await coll.insertOne({ _id: 1 } as never);
    const err: unknown = await coll
      .insertOne({ _id: Long.fromNumber(1) } as never)
      .catch((e: unknown) => e);
    expect((err as { code?: number }).code).toBe(11000);
  });
});
