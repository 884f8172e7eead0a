import { type Document } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';
import { serverError } from './support.js';

const studentSchema = {
  $jsonSchema: {
    bsonType: 'object',
    required: ['name', 'year'],
    properties: {
      name: { bsonType: 'string', description: 'must be a string' },
      year: { bsonType: 'int', minimum: 2017, maximum: 3017 },
    },
  },
};

describe('document validation', () => {
  const t = useTestDatabase('validation');

  it('when a document breaks a query validator, then the insert fails with 121 and errInfo names the document and the failing operator', async () => {
    const coll = await t.db.createCollection('typed', { validator: { x: { $type: 'string' } } });
    const err = await serverError(coll.insertOne({ _id: 7, x: 1 } as never));
    expect(err.code).toBe(121);
    expect(err.message).toBe('Document failed validation');
    expect(err.errInfo).toEqual({
      failingDocumentId: 7,
      details: {
        operatorName: '$type',
        specifiedAs: { x: { $type: 'string' } },
        reason: 'type did not match',
        consideredValue: 1,
        consideredType: 'int',
      },
    });
    expect(await coll.countDocuments()).toBe(0);
    await coll.insertOne({ x: 'ok' });
    expect(await coll.countDocuments()).toBe(1);
  });

  it('when a validator has several clauses, then errInfo lists the ones that failed under $and', async () => {
    const coll = await t.db.createCollection('clauses', {
      validator: { a: { $gte: 1 }, b: { $exists: true } },
    });
    const err = await serverError(coll.insertOne({ _id: 1, a: 0 } as never));
    expect((err.errInfo as Document)['details']).toEqual({
      operatorName: '$and',
      clausesNotSatisfied: [
        {
          index: 0,
          details: {
            operatorName: '$gte',
            specifiedAs: { a: { $gte: 1 } },
            reason: 'comparison failed',
            consideredValue: 0,
          },
        },
        {
          index: 1,
          details: {
            operatorName: '$exists',
            specifiedAs: { b: { $exists: true } },
            reason: 'path does not exist',
          },
        },
      ],
    });
  });

  it('when a document breaks a $jsonSchema validator, then errInfo lists the unsatisfied schema rules', async () => {
    const coll = await t.db.createCollection('students', { validator: studentSchema });
    const err = await serverError(coll.insertOne({ _id: 1, name: 5 } as never));
    expect(err.code).toBe(121);
    expect((err.errInfo as Document)['details']).toEqual({
      operatorName: '$jsonSchema',
      schemaRulesNotSatisfied: [
        {
          operatorName: 'properties',
          propertiesNotSatisfied: [
            {
              propertyName: 'name',
              description: 'must be a string',
              details: [
                {
                  operatorName: 'bsonType',
                  specifiedAs: { bsonType: 'string' },
                  reason: 'type did not match',
                  consideredValue: 5,
                  consideredType: 'int',
                },
              ],
            },
          ],
        },
        {
          operatorName: 'required',
          specifiedAs: { required: ['name', 'year'] },
          missingProperties: ['year'],
        },
      ],
    });
    await coll.insertOne({ name: 'Ada', year: 2020 });
    expect((await serverError(coll.insertOne({ name: 'Bo', year: 2000 }))).code).toBe(121);
  });

  it('when $jsonSchema is used in a find filter, then it selects the documents that match the schema', async () => {
    const coll = t.db.collection('mixed');
    await coll.insertMany([{ _id: 1, n: 'one' }, { _id: 2, n: 2 }, { _id: 3 }] as never[]);
    const found = await coll
      .find({ $jsonSchema: { required: ['n'], properties: { n: { bsonType: 'int' } } } })
      .toArray();
    expect(found).toEqual([{ _id: 2, n: 2 }]);
  });

  it('when collMod adds a validator, then findOneAndUpdate breaking it fails with 121 and errInfo', async () => {
    const coll = t.db.collection('later');
    await coll.insertOne({ _id: 1, x: 'foo' } as never);
    await t.db.command({ collMod: 'later', validator: { x: { $type: 'string' } } });
    const err = await serverError(coll.findOneAndUpdate({ _id: 1 } as never, { $set: { x: 1 } }));
    expect(err.code).toBe(121);
    expect(err.errInfo).toMatchObject({ failingDocumentId: 1, details: { operatorName: '$type' } });
    expect(await coll.findOne({ _id: 1 } as never)).toEqual({ _id: 1, x: 'foo' });
  });

  it('when an update or upsert would break the validator, then it fails with a 121 write error', async () => {
    const coll = await t.db.createCollection('updates', { validator: { n: { $gte: 0 } } });
    await coll.insertOne({ _id: 1, n: 1 } as never);
    expect((await serverError(coll.updateOne({ _id: 1 } as never, { $set: { n: -1 } }))).code).toBe(
      121,
    );
    expect(
      (
        await serverError(
          coll.updateOne({ _id: 2 } as never, { $set: { n: -5 } }, { upsert: true }),
        )
      ).code,
    ).toBe(121);
    expect(await coll.find().toArray()).toEqual([{ _id: 1, n: 1 }]);
  });

  it('when the level is moderate, then documents that already broke the rules may still be updated', async () => {
    const coll = t.db.collection('moderate');
    await coll.insertMany([
      { _id: 1, n: -1 },
      { _id: 2, n: 1 },
    ] as never[]);
    await t.db.command({
      collMod: 'moderate',
      validator: { n: { $gte: 0 } },
      validationLevel: 'moderate',
    });
    await coll.updateOne({ _id: 1 } as never, { $set: { n: -2 } });
    expect(await coll.findOne({ _id: 1 } as never)).toEqual({ _id: 1, n: -2 });
    expect((await serverError(coll.updateOne({ _id: 2 } as never, { $set: { n: -3 } }))).code).toBe(
      121,
    );
  });

  it('when the action is warn or the level is off, then invalid documents are accepted', async () => {
    const warn = await t.db.createCollection('warned', {
      validator: { n: { $gte: 0 } },
      validationAction: 'warn',
    });
    await warn.insertOne({ n: -1 });
    const off = await t.db.createCollection('off', {
      validator: { n: { $gte: 0 } },
      validationLevel: 'off',
    });
    await off.insertOne({ n: -1 });
    expect(await warn.countDocuments()).toBe(1);
    expect(await off.countDocuments()).toBe(1);
  });

  it('when bypassDocumentValidation is set, then an invalid document is written', async () => {
    const coll = await t.db.createCollection('bypass', { validator: { n: { $gte: 0 } } });
    await coll.insertOne({ _id: 1, n: -1 } as never, { bypassDocumentValidation: true });
    await coll.updateOne(
      { _id: 1 } as never,
      { $set: { n: -2 } },
      { bypassDocumentValidation: true },
    );
    expect(await coll.findOne({ _id: 1 } as never)).toEqual({ _id: 1, n: -2 });
  });

  it('when an unordered insert batch has invalid documents, then only those get write errors', async () => {
    await t.db.createCollection('batch', { validator: { n: { $gte: 0 } } });
    const reply = await t.db.command({
      insert: 'batch',
      documents: [
        { _id: 1, n: 1 },
        { _id: 2, n: -1 },
        { _id: 3, n: 3 },
      ],
      ordered: false,
    });
    expect(reply['n']).toBe(2);
    const errors = reply['writeErrors'] as Document[];
    expect(errors.map((e) => [e['index'], e['code']])).toEqual([[1, 121]]);
    expect(errors[0]?.['errInfo']).toMatchObject({ failingDocumentId: 2 });
  });

  it('when listCollections shows a validated collection, then level and action appear only once set', async () => {
    await t.db.createCollection('listed', { validator: { a: { $exists: true } } });
    expect(
      (await t.db.listCollections({ name: 'listed' }, { nameOnly: false }).toArray())[0]?.options,
    ).toEqual({
      validator: { a: { $exists: true } },
    });
    await t.db.command({
      collMod: 'listed',
      validationLevel: 'moderate',
      validationAction: 'warn',
    });
    expect(
      (await t.db.listCollections({ name: 'listed' }, { nameOnly: false }).toArray())[0]?.options,
    ).toEqual({
      validator: { a: { $exists: true } },
      validationLevel: 'moderate',
      validationAction: 'warn',
    });
  });

  it('when a validator or its level is invalid, then create refuses it with MongoDB errors', async () => {
    expect(
      (await serverError(t.db.command({ create: 'v1', validator: { a: { $foo: 1 } } }))).code,
    ).toBe(2);
    expect(
      (await serverError(t.db.command({ create: 'v2', validator: { $where: 'true' } }))).code,
    ).toBe(224);
    const level = await serverError(
      t.db.command({ create: 'v3', validator: { a: 1 }, validationLevel: 'sometimes' }),
    );
    expect(level.code).toBe(2);
    expect(level.message).toBe(
      "Enumeration value 'sometimes' for field 'create.validationLevel' is not a valid value.",
    );
    const schema = await serverError(
      t.db.command({ create: 'v4', validator: { $jsonSchema: { format: 'email' } } }),
    );
    expect(schema.code).toBe(9);
    expect(await t.db.listCollections({ name: /^v\d$/ }).toArray()).toEqual([]);
  });

  it('when collMod names a collection that does not exist, then it fails with NamespaceNotFound (26)', async () => {
    const err = await serverError(t.db.command({ collMod: 'missing', validator: {} }));
    expect(err.code).toBe(26);
  });
});
