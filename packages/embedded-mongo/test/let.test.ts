import { MongoServerError, type Collection } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';
import type { AnyDocument } from './support.js';

async function failure(promise: Promise<unknown>): Promise<MongoServerError> {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MongoServerError);
  return err as MongoServerError;
}

describe('let variables', () => {
  const t = useTestDatabase('let');
  const people = [
    { _id: 1, name: 'ann', age: 30 },
    { _id: 2, name: 'bob', age: 40 },
    { _id: 3, name: 'bob', age: 50 },
  ];

  async function seeded(name: string): Promise<Collection<AnyDocument>> {
    const coll = t.db.collection<AnyDocument>(name);
    await coll.insertMany(people.map((p) => ({ ...p })));
    return coll;
  }

  let shared: Collection<AnyDocument>;
  beforeAll(async () => {
    shared = await seeded('people');
  });

  it('when find names a let variable in $expr, then it matches against the variable', async () => {
    const found = await shared
      .find({ $expr: { $eq: ['$name', '$$who'] } }, { let: { who: 'bob' } })
      .toArray();
    expect(found.map((d) => d['_id'])).toEqual([2, 3]);
  });

  it('when a let variable is an expression, then it is evaluated once before the query runs', async () => {
    const found = await shared
      .find(
        { $expr: { $gt: ['$age', '$$limit'] } },
        { let: { limit: { $add: [20, 25] }, text: { $literal: '$notAField' } } },
      )
      .project({ _id: 1, text: '$$text' })
      .toArray();
    expect(found).toEqual([{ _id: 3, text: '$notAField' }]);
  });

  it('when a let variable uses an earlier one, then it sees its value', async () => {
    const found = await shared
      .find(
        { $expr: { $eq: ['$age', '$$twice'] } },
        { let: { base: 20, twice: { $multiply: ['$$base', 2] } } },
      )
      .toArray();
    expect(found.map((d) => d['_id'])).toEqual([2]);
  });

  it('when aggregate has let, then $match and later stages read the variables', async () => {
    const result = await shared
      .aggregate(
        [
          { $match: { $expr: { $eq: ['$_id', '$$id'] } } },
          { $project: { _id: 0, greeting: { $concat: ['$$hello', ' ', '$name'] } } },
        ],
        { let: { id: 2, hello: 'hi' } },
      )
      .toArray();
    expect(result).toEqual([{ greeting: 'hi bob' }]);
  });

  it('when updateMany uses let in its filter and pipeline, then both read the variables', async () => {
    const coll = await seeded('update-many');
    const result = await coll.updateMany(
      { $expr: { $eq: ['$name', '$$who'] } },
      [{ $set: { tag: '$$tag' } }],
      { let: { who: 'bob', tag: 'seen' } },
    );
    expect(result.matchedCount).toBe(2);
    expect(result.modifiedCount).toBe(2);
    expect(await coll.find({ tag: 'seen' }).toArray()).toHaveLength(2);
  });

  it('when an upsert with let inserts, then the pipeline builds the new document from the variables', async () => {
    const coll = t.db.collection<AnyDocument>('upsert');
    await coll.updateOne({ $expr: { $eq: ['$_id', '$$id'] } }, [{ $set: { made: '$$made' } }], {
      let: { id: 9, made: 'by-upsert' },
      upsert: true,
    });
    const docs = await coll.find().toArray();
    expect(docs).toHaveLength(1);
    expect(docs[0]?.['made']).toBe('by-upsert');
  });

  it('when deleteMany has let, then only the documents its $expr selects are deleted', async () => {
    const coll = await seeded('delete-many');
    const result = await coll.deleteMany(
      { $expr: { $lt: ['$age', '$$max'] } },
      { let: { max: 45 } },
    );
    expect(result.deletedCount).toBe(2);
    expect(await coll.find().toArray()).toEqual([people[2]]);
  });

  it('when findOneAndUpdate has let, then the filter and the pipeline read it', async () => {
    const coll = await seeded('find-and-modify');
    const after = await coll.findOneAndUpdate(
      { $expr: { $eq: ['$_id', '$$id'] } },
      [{ $set: { age: { $add: ['$age', '$$step'] } } }],
      { let: { id: 1, step: 5 }, returnDocument: 'after' },
    );
    expect(after).toEqual({ _id: 1, name: 'ann', age: 35 });
  });

  it('when a bulk write has let, then every statement reads it', async () => {
    const coll = await seeded('bulk');
    const result = await coll.bulkWrite(
      [
        {
          updateOne: {
            filter: { $expr: { $eq: ['$_id', '$$first'] } },
            update: { $set: { x: 1 } },
          },
        },
        { deleteOne: { filter: { $expr: { $eq: ['$_id', '$$last'] } } } },
      ],
      { let: { first: 1, last: 3 } },
    );
    expect(result.modifiedCount).toBe(1);
    expect(result.deletedCount).toBe(1);
    expect(await coll.find().toArray()).toEqual([{ ...people[0], x: 1 }, people[1]]);
  });

  it('when a filter names a variable nobody defined, then it fails with 17276 even on an empty collection', async () => {
    const err = await failure(
      t.db
        .collection('no-such-collection')
        .find({ $expr: { $eq: ['$_id', '$$missing'] } })
        .toArray(),
    );
    expect(err.code).toBe(17276);
    expect(err.message).toBe('Use of undefined variable: missing');
  });

  it('when a filter uses variables that $let and $map define for their own parts, then it is accepted', async () => {
    const found = await shared
      .find({
        $expr: {
          $let: {
            vars: { ages: { $map: { input: [1, 2], as: 'n', in: { $multiply: ['$$n', 20] } } } },
            in: { $in: ['$age', '$$ages'] },
          },
        },
      })
      .toArray();
    expect(found.map((d) => d['_id'])).toEqual([2]);
  });

  it('when an update pipeline names an undefined variable, then it fails with 17276 although nothing matches', async () => {
    const err = await failure(
      shared.updateOne({ _id: 'none' as never }, [{ $set: { x: '$$nowhere' } }]),
    );
    expect(err.code).toBe(17276);
    expect(err.message).toBe('Use of undefined variable: nowhere');
  });

  it('when a let variable reads a field, then the command fails with 4890500', async () => {
    const err = await failure(
      shared.find({ $expr: { $eq: ['$_id', '$$id'] } }, { let: { id: '$_id' } }).toArray(),
    );
    expect(err.code).toBe(4890500);
  });

  it('when a let variable name starts with an uppercase letter, then it fails with FailedToParse', async () => {
    const err = await failure(shared.find({}, { let: { Bad: 1 } }).toArray());
    expect(err.code).toBe(9);
    expect(err.message).toBe(
      "Invalid 'let' parameter :: caused by :: 'Bad' starts with an invalid character for a user variable name",
    );
  });

  it('when let tries to set $$NOW, then it is refused as an internal constant', async () => {
    const err = await failure(shared.find({}, { let: { NOW: 1 } }).toArray());
    expect(err.code).toBe(4738901);
    expect(err.message).toBe('Attempt to set internal constant: NOW');
  });
});
