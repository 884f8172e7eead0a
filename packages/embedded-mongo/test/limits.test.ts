import { BSON, type Document } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';
import { serverError } from './support.js';

const MAX = 16 * 1024 * 1024;

/** A document `{ _id, x: "aaa…" }` of exactly `size` bytes of BSON. */
function docOfSize(id: number, size: number): Document {
  const overhead = BSON.calculateObjectSize({ _id: id, x: '' });
  const doc = { _id: id, x: 'a'.repeat(size - overhead) };
  expect(BSON.calculateObjectSize(doc)).toBe(size);
  return doc;
}

describe('document size limit', () => {
  const t = useTestDatabase('limits');

  it('when a document of exactly 16 MiB is inserted, then it is stored', async () => {
    const coll = t.db.collection('exact');
    await coll.insertOne(docOfSize(1, MAX));
    expect(await coll.countDocuments()).toBe(1);
  });

  it('when a document is one byte over 16 MiB, then the insert fails with BadValue (2) and nothing is stored', async () => {
    const coll = t.db.collection('over');
    const err = await serverError(coll.insertOne(docOfSize(1, MAX + 1)));
    expect(err.code).toBe(2);
    expect(err.message).toBe(
      `object to insert too large. size in bytes: ${MAX + 1}, max size: ${MAX}`,
    );
    expect(await coll.countDocuments()).toBe(0);
  });

  it('when one document of an unordered batch is too large, then only that entry fails', async () => {
    const reply = await t.db.command({
      insert: 'batch',
      documents: [{ _id: 1 }, docOfSize(2, MAX + 10), { _id: 3 }],
      ordered: false,
    });
    expect(reply['n']).toBe(2);
    expect((reply['writeErrors'] as Document[]).map((e) => [e['index'], e['code']])).toEqual([
      [1, 2],
    ]);
    expect(await t.db.collection('batch').countDocuments()).toBe(2);
  });

  it('when a command document is far over the limit, then it fails with BSONObjectTooLarge (10334) and the connection stays usable', async () => {
    const err = await serverError(t.db.collection('huge').insertOne(docOfSize(1, MAX + 100_000)));
    expect(err.code).toBe(10334);
    expect(err.message).toMatch(
      /^BSONObj size: \d+ \(0x[0-9A-F]+\) is invalid\. Size must be between 0 and 16793600\(16MB\)/,
    );
    expect((await t.db.command({ ping: 1 }))['ok']).toBe(1);
    expect(await t.db.collection('huge').countDocuments()).toBe(0);
  });

  it('when an update would make a document larger than 16 MiB, then it fails with 17419 and the document is unchanged', async () => {
    const coll = t.db.collection('grow');
    await coll.insertOne(docOfSize(1, MAX - 100));
    const err = await serverError(
      coll.updateOne({ _id: 1 } as never, { $set: { y: 'b'.repeat(200) } }),
    );
    expect(err.code).toBe(17419);
    expect(err.message).toBe(`Resulting document after update is larger than ${MAX}`);
    const stored = await coll.findOne({ _id: 1 } as never, { projection: { x: 0 } });
    expect(stored).toEqual({ _id: 1 });
  });

  it('when findOneAndUpdate would make a document too large, then it fails with 17419', async () => {
    const coll = t.db.collection('grow');
    const err = await serverError(
      coll.findOneAndUpdate({ _id: 1 } as never, { $set: { y: 'b'.repeat(200) } }),
    );
    expect(err.code).toBe(17419);
  });

  it('when an upsert would insert a document larger than 16 MiB, then it fails with 17420 and nothing is inserted', async () => {
    const coll = t.db.collection('upsert');
    const err = await serverError(
      coll.updateOne({ _id: 5 } as never, { $set: { x: 'c'.repeat(MAX) } }, { upsert: true }),
    );
    expect(err.code).toBe(17420);
    expect(err.message).toBe(`Document to upsert is larger than ${MAX}`);
    expect(await coll.countDocuments()).toBe(0);
  });
});

describe('keys of stored documents', () => {
  const t = useTestDatabase('keys');

  it('when _id holds a $-prefixed key, then the insert fails with DollarPrefixedFieldName (52) and nothing is stored', async () => {
    const coll = t.db.collection('dollar');
    const err = await serverError(coll.insertOne({ _id: { $a: 1 } } as never));
    expect(err.code).toBe(52);
    expect(err.message).toBe(
      "_id fields may not contain '$'-prefixed fields: $a is not valid for storage.",
    );
    const nested = await serverError(coll.insertOne({ _id: { a: { $b: 1 } } } as never));
    expect(nested.code).toBe(52);
    expect(await coll.countDocuments()).toBe(0);
  });

  it('when _id holds a dotted key, then it is stored as given', async () => {
    const coll = t.db.collection('dotted');
    await coll.insertOne({ _id: { 'a.b': 1 } } as never);
    expect(await coll.find().toArray()).toEqual([{ _id: { 'a.b': 1 } }]);
  });

  it('when _id is an array or a regex, then the insert fails with InvalidIdField (53)', async () => {
    const coll = t.db.collection('badid');
    const array = await serverError(coll.insertOne({ _id: [1, 2] } as never));
    expect(array.code).toBe(53);
    expect(array.message).toBe("The '_id' value cannot be of type array");
    const regex = await serverError(coll.insertOne({ _id: /x/ } as never));
    expect(regex.code).toBe(53);
  });
});
