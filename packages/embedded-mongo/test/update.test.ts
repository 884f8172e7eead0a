import { Double, MongoServerError, ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';

describe('update', () => {
  const t = useTestDatabase('update');

  it('when operators are applied, then the document changes as MongoDB specifies', async () => {
    const coll = t.db.collection('ops');
    await coll.insertOne({
      _id: 1,
      a: 1,
      b: 'x',
      list: [1, 2, 3],
      counter: 10,
      old: true,
      from: 'r',
    } as never);
    const result = await coll.updateOne(
      { _id: 1 } as never,
      {
        $set: { b: 'y', 'sub.field': 5 },
        $inc: { a: 2, counter: -1 },
        $push: { list: 4 },
        $unset: { old: '' },
        $rename: { from: 'renamed' },
      } as never,
    );
    expect(result.matchedCount).toBe(1);
    const doc = await coll.findOne({ _id: 1 } as never);
    expect(doc).toEqual({
      _id: 1,
      a: 3,
      b: 'y',
      list: [1, 2, 3, 4],
      counter: 9,
      sub: { field: 5 },
      renamed: 'r',
    });
  });

  it('when $set writes the value already there, then matched is 1 and modified is 0', async () => {
    const coll = t.db.collection('nomod');
    await coll.insertOne({ _id: 1, a: 1 } as never);
    const result = await coll.updateOne({ _id: 1 } as never, { $set: { a: 1 } });
    expect(result.matchedCount).toBe(1);
    expect(result.modifiedCount).toBe(0);
  });

  it('when multi is set, then every matching document is updated', async () => {
    const coll = t.db.collection('multi');
    await coll.insertMany([{ g: 1 }, { g: 1 }, { g: 2 }]);
    const result = await coll.updateMany({ g: 1 }, { $set: { seen: true } });
    expect(result.matchedCount).toBe(2);
    expect(result.modifiedCount).toBe(2);
    expect(await coll.countDocuments({ seen: true })).toBe(2);
  });

  it('when updateOne matches several, then only one document changes', async () => {
    const coll = t.db.collection('single');
    await coll.insertMany([{ g: 1 }, { g: 1 }]);
    const result = await coll.updateOne({ g: 1 }, { $set: { seen: true } });
    expect(result.modifiedCount).toBe(1);
    expect(await coll.countDocuments({ seen: true })).toBe(1);
  });

  it('when upserting with no match, then the document is built from the filter equalities and the update', async () => {
    const coll = t.db.collection('upsert');
    const result = await coll.updateOne(
      { email: 'a@example.com', age: { $gt: 5 } },
      { $set: { name: 'A' }, $setOnInsert: { createdBy: 'upsert' } },
      { upsert: true },
    );
    expect(result.upsertedCount).toBe(1);
    expect(result.upsertedId).toBeInstanceOf(ObjectId);
    expect(result.matchedCount).toBe(0);
    const doc = await coll.findOne({ email: 'a@example.com' }, { projection: { _id: 0 } });
    expect(doc).toEqual({ email: 'a@example.com', name: 'A', createdBy: 'upsert' });
  });

  it('when an upsert matches an existing document, then $setOnInsert is not applied', async () => {
    const coll = t.db.collection('upsert2');
    await coll.insertOne({ key: 'k', v: 1 });
    await coll.updateOne(
      { key: 'k' },
      { $set: { v: 2 }, $setOnInsert: { created: true } },
      { upsert: true },
    );
    expect(await coll.findOne({ key: 'k' }, { projection: { _id: 0 } })).toEqual({
      key: 'k',
      v: 2,
    });
  });

  it('when an update writes what is already stored, then nothing counts as modified, unless a type or an order of fields changes', async () => {
    const coll = t.db.collection('unchanged');
    const at = new Date('2026-01-01T00:00:00Z');
    await coll.insertOne({ _id: 1, n: 1, s: 'x', at, sub: { a: 1, b: [1, 'y'] } } as never);
    const one = { _id: 1 } as never;
    const same = await coll.updateOne(one, {
      $set: { n: 1, s: 'x', at: new Date(at.getTime()), sub: { a: 1, b: [1, 'y'] } },
    } as never);
    expect(same.modifiedCount).toBe(0);
    expect((await coll.updateOne(one, { $set: { n: new Double(1) } } as never)).modifiedCount).toBe(
      1,
    );
    expect(
      (await coll.updateOne(one, { $set: { sub: { b: [1, 'y'], a: 1 } } } as never)).modifiedCount,
    ).toBe(1);
    expect((await coll.updateOne(one, { $set: { s: 'z' } } as never)).modifiedCount).toBe(1);
  });

  it('when the update command upserts, then the reply lists upserted with index and _id', async () => {
    const reply = await t.db.command({
      update: 'upsert3',
      updates: [
        { q: { _id: 'x' }, u: { $set: { a: 1 } }, upsert: true },
        { q: { _id: 'y' }, u: { $set: { a: 1 } }, upsert: true },
      ],
    });
    expect(reply['n']).toBe(2);
    expect(reply['nModified']).toBe(0);
    expect(reply['upserted']).toEqual([
      { index: 0, _id: 'x' },
      { index: 1, _id: 'y' },
    ]);
  });

  it('when a replacement document is given, then all fields but _id are replaced', async () => {
    const coll = t.db.collection('replace');
    await coll.insertOne({ _id: 1, a: 1, b: 2 } as never);
    const result = await coll.replaceOne({ _id: 1 } as never, { c: 3 });
    expect(result.modifiedCount).toBe(1);
    expect(await coll.findOne({ _id: 1 } as never)).toEqual({ _id: 1, c: 3 });
  });

  it('when a replacement upserts, then the _id comes from the filter', async () => {
    const coll = t.db.collection('replace-upsert');
    const result = await coll.replaceOne({ _id: 'r1' } as never, { c: 3 }, { upsert: true });
    expect(result.upsertedId).toBe('r1');
    expect(await coll.findOne({ _id: 'r1' } as never)).toEqual({ _id: 'r1', c: 3 });
  });

  it('when an update tries to change _id, then it fails with ImmutableField (66)', async () => {
    const coll = t.db.collection('immutable');
    await coll.insertOne({ _id: 1, a: 1 } as never);
    const err: unknown = await coll
      .updateOne({ _id: 1 } as never, { $set: { _id: 2 } } as never)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect((err as MongoServerError).code).toBe(66);
  });

  it('when the positional operator and arrayFilters are used, then only the selected elements change', async () => {
    const coll = t.db.collection('arrays');
    await coll.insertOne({ _id: 1, grades: [80, 95, 70], items: [{ q: 1 }, { q: 5 }] } as never);
    await coll.updateOne({ _id: 1, grades: 95 } as never, { $set: { 'grades.$': 96 } });
    await coll.updateOne(
      { _id: 1 } as never,
      { $inc: { 'items.$[big].q': 10 } },
      { arrayFilters: [{ 'big.q': { $gt: 2 } }] },
    );
    expect(await coll.findOne({ _id: 1 } as never)).toEqual({
      _id: 1,
      grades: [80, 96, 70],
      items: [{ q: 1 }, { q: 15 }],
    });
  });

  it('when updateMany uses the positional operator, then each document updates its own matching element', async () => {
    const coll = t.db.collection('positional-many');
    await coll.insertMany([
      { _id: 1, grades: [95, 80] },
      { _id: 2, grades: [70, 95] },
      { _id: 3, grades: [60] },
    ] as never[]);
    const result = await coll.updateMany({ grades: 95 }, { $set: { 'grades.$': 100 } });
    expect(result.matchedCount).toBe(2);
    expect(result.modifiedCount).toBe(2);
    expect(await coll.find({}).sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, grades: [100, 80] },
      { _id: 2, grades: [70, 100] },
      { _id: 3, grades: [60] },
    ]);
  });

  it('when updateMany changes only some matched documents, then modifiedCount counts only those', async () => {
    const coll = t.db.collection('partial-modify');
    await coll.insertMany([
      { g: 1, v: 'x' },
      { g: 1, v: 'y' },
      { g: 1, v: 'x' },
    ]);
    const result = await coll.updateMany({ g: 1 }, { $set: { v: 'x' } });
    expect(result.matchedCount).toBe(3);
    expect(result.modifiedCount).toBe(1);
  });

  it('when $addToSet, $pull and $pop are used, then arrays change accordingly', async () => {
    const coll = t.db.collection('sets');
    await coll.insertOne({ _id: 1, s: [1, 2] } as never);
    await coll.updateOne({ _id: 1 } as never, { $addToSet: { s: { $each: [2, 3] } } } as never);
    await coll.updateOne({ _id: 1 } as never, { $pull: { s: 1 } } as never);
    await coll.updateOne({ _id: 1 } as never, { $pop: { s: 1 } } as never);
    expect(await coll.findOne({ _id: 1 } as never)).toEqual({ _id: 1, s: [2] });
  });

  it('when $pull is given a condition, then every element matching it is removed', async () => {
    const coll = t.db.collection('pull');
    await coll.insertOne({ _id: 1, items: [{ q: 1 }, { q: 5 }, { q: 7 }] } as never);
    await coll.updateOne({ _id: 1 } as never, { $pull: { items: { q: { $gt: 2 } } } } as never);
    expect(await coll.findOne({ _id: 1 } as never)).toEqual({ _id: 1, items: [{ q: 1 }] });
  });

  it('when an update pipeline is used, then the stages compute the new fields', async () => {
    const coll = t.db.collection('pipeline');
    await coll.insertOne({ _id: 1, a: 2, b: 3 } as never);
    await coll.updateOne({ _id: 1 } as never, [{ $set: { sum: { $add: ['$a', '$b'] } } }]);
    expect(await coll.findOne({ _id: 1 } as never)).toEqual({ _id: 1, a: 2, b: 3, sum: 5 });
  });

  it('when a pipeline update replaces the root without _id, then the document keeps its _id', async () => {
    const coll = t.db.collection('replace-root');
    await coll.insertMany([{ _id: 1, inner: { a: 1 } } as never, { _id: 2, old: true } as never]);
    await coll.updateOne({ _id: 1 } as never, [{ $replaceRoot: { newRoot: '$inner' } }]);
    await coll.updateOne({ _id: 2 } as never, [{ $replaceWith: { fresh: true } }]);
    expect(await coll.find().toArray()).toEqual([
      { _id: 1, a: 1 },
      { _id: 2, fresh: true },
    ]);
  });

  it('when a pipeline update replaces the root with another _id, then it fails with ImmutableField (66) and nothing changes', async () => {
    const coll = t.db.collection('replace-root-id');
    await coll.insertOne({ _id: 1, a: 1 } as never);
    const err: unknown = await coll
      .updateOne({ _id: 1 } as never, [{ $replaceWith: { _id: 2, a: 2 } }])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect((err as MongoServerError).code).toBe(66);
    expect(await coll.find().toArray()).toEqual([{ _id: 1, a: 1 }]);
  });

  it('when an unknown update operator is used, then the update fails with a server error', async () => {
    const coll = t.db.collection('badop');
    await coll.insertOne({ _id: 1 } as never);
    const err: unknown = await t.db
      .command({ update: 'badop', updates: [{ q: { _id: 1 }, u: { $bogus: { a: 1 } } }] })
      .then((reply) => (reply['writeErrors'] as unknown[] | undefined)?.length)
      .catch((e: unknown) => e);
    expect(err === 1 || err instanceof MongoServerError).toBe(true);
  });
});
