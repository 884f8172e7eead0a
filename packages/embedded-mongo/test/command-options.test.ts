import { MongoServerError, type Collection } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';
import type { AnyDocument } from './support.js';

interface Counter {
  _id: number;
  x: number;
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Error);
  return err as Error;
}

const unknownSort = "BSON field 'update.updates.sort' is an unknown field.";

describe('command options', () => {
  const t = useTestDatabase('command_options');

  async function seeded(name: string): Promise<Collection<Counter>> {
    const coll = t.db.collection<Counter>(name);
    await coll.insertMany([
      { _id: 1, x: 1 },
      { _id: 2, x: 2 },
    ]);
    return coll;
  }

  it('when updateOne carries sort, then the update fails with 40415 as on 7.0 and nothing changes', async () => {
    const coll = await seeded('update-sort');
    const err = await failure(coll.updateOne({}, { $inc: { x: 10 } }, { sort: { _id: -1 } }));
    expect(err).toBeInstanceOf(MongoServerError);
    expect((err as MongoServerError).code).toBe(40415);
    expect(err.message).toBe(unknownSort);
    expect(await coll.find().toArray()).toEqual([
      { _id: 1, x: 1 },
      { _id: 2, x: 2 },
    ]);
  });

  it('when replaceOne carries sort, then it fails the same way', async () => {
    const coll = await seeded('replace-sort');
    const err = await failure(coll.replaceOne({}, { x: 0 }, { sort: { _id: -1 } }));
    expect(err.message).toBe(unknownSort);
    expect(await coll.countDocuments({ x: 0 })).toBe(0);
  });

  it('when one statement of a bulk update carries sort, then no statement of the command runs', async () => {
    const coll = await seeded('bulk-sort');
    const err = await failure(
      coll.bulkWrite([
        { updateOne: { filter: { _id: 1 }, update: { $set: { x: 100 } } } },
        { updateOne: { filter: {}, update: { $set: { x: 200 } }, sort: { _id: -1 } } },
      ]),
    );
    expect(err.message).toContain(unknownSort);
    expect(await coll.countDocuments({ x: { $gte: 100 } })).toBe(0);
  });

  it('when a filter has an unknown operator on a missing collection, then reads fail with BadValue', async () => {
    const missing = t.db.collection<AnyDocument>('never-created');
    for (const attempt of [
      () => missing.find({ x: { $foo: 1 } }).toArray(),
      () => missing.countDocuments({ x: { $foo: 1 } }),
      () => missing.distinct('x', { x: { $foo: 1 } }),
      () => t.db.command({ count: 'never-created', query: { x: { $foo: 1 } } }),
    ]) {
      const err = await failure(attempt());
      expect(err).toBeInstanceOf(MongoServerError);
      expect((err as MongoServerError).code).toBe(2);
      expect(err.message).toBe('unknown operator: $foo');
    }
  });

  it('when a filter has an unknown operator on a missing collection, then writes fail with BadValue', async () => {
    const missing = t.db.collection<AnyDocument>('never-written');
    for (const attempt of [
      () => missing.deleteMany({ x: { $foo: 1 } }),
      () => missing.findOneAndDelete({ x: { $foo: 1 } }),
      () => missing.findOneAndUpdate({ x: { $foo: 1 } }, { $set: { y: 1 } }),
    ]) {
      const err = await failure(attempt());
      expect(err).toBeInstanceOf(MongoServerError);
      expect((err as MongoServerError).code).toBe(2);
      expect(err.message).toBe('unknown operator: $foo');
    }
  });

  it('when an update or findAndModify matches nothing without upsert, then no collection is created', async () => {
    const missing = t.db.collection<AnyDocument>('stays-missing');
    await missing.updateOne({ a: 1 }, { $set: { b: 2 } });
    await missing.updateMany({}, [{ $set: { b: 2 } }]);
    await missing.findOneAndUpdate({ a: 1 }, { $set: { b: 2 } });
    const names = (await t.db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
    expect(names).not.toContain('stays-missing');
    await missing.updateOne({ a: 1 }, { $set: { b: 2 } }, { upsert: true });
    expect(await missing.find({}, { projection: { _id: 0 } }).toArray()).toEqual([{ a: 1, b: 2 }]);
  });

  it('when a filter has an unknown top-level operator, then the message suggests $getField', async () => {
    const coll = await seeded('top-level');
    const err = await failure(coll.find({ $foo: 1 }).toArray());
    expect((err as MongoServerError).code).toBe(2);
    expect(err.message).toBe(
      "unknown top level operator: $foo. If you have a field name that starts with a '$' symbol, consider using $getField or $setField.",
    );
  });

  it('when count or distinct carries let, then 7.0 refuses it as an unknown field', async () => {
    await seeded('count-let');
    const commands = {
      count: { count: 'count-let', query: {}, let: { a: 1 } },
      distinct: { distinct: 'count-let', key: 'x', query: {}, let: { a: 1 } },
    };
    for (const [name, command] of Object.entries(commands)) {
      const err = await failure(t.db.command(command));
      expect((err as MongoServerError).code).toBe(40415);
      expect(err.message).toBe(`BSON field '${name}.let' is an unknown field.`);
    }
  });

  it('when distinct runs, then the values come back sorted as MongoDB returns them', async () => {
    const coll = t.db.collection<AnyDocument>('distinct-order');
    await coll.insertMany([{ v: 'b' }, { v: 3 }, { v: 'a' }, { v: 1 }, { v: 1.0 }]);
    expect(await coll.distinct('v')).toEqual([1, 3, 'a', 'b']);
  });
});
