import { type Document } from 'mongodb';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';
import { serverError, type AnyDocument } from './support.js';

describe('$merge', () => {
  const t = useTestDatabase('agg_merge');
  const source = () => t.db.collection<AnyDocument>('source');
  const target = () => t.db.collection<AnyDocument>('target');
  const otherDb = () => t.client.db(`${t.dbName}_other`);
  const merge = (spec: Document) =>
    source()
      .aggregate([{ $merge: spec }])
      .toArray();
  const targetDocs = () => target().find().sort({ _id: 1 }).toArray();

  beforeEach(async () => {
    await source()
      .drop()
      .catch(() => undefined);
    await target()
      .drop()
      .catch(() => undefined);
    await source().insertMany([
      { _id: 1, a: 'new1', b: 'new1' },
      { _id: 2, a: 'new2' },
    ]);
    await target().insertMany([
      { _id: 1, a: 'old1', c: 'old1' },
      { _id: 3, a: 'old3' },
    ]);
  });

  afterAll(async () => {
    await otherDb().dropDatabase();
  });

  it('when $merge has only a target, then matched documents get the new fields and others are inserted', async () => {
    expect(
      await source()
        .aggregate([{ $merge: 'target' }])
        .toArray(),
    ).toEqual([]);
    expect(await targetDocs()).toEqual([
      { _id: 1, a: 'new1', c: 'old1', b: 'new1' },
      { _id: 2, a: 'new2' },
      { _id: 3, a: 'old3' },
    ]);
  });

  it('when whenMatched is replace, then a matched document is replaced whole', async () => {
    await merge({ into: 'target', whenMatched: 'replace' });
    expect(await targetDocs()).toEqual([
      { _id: 1, a: 'new1', b: 'new1' },
      { _id: 2, a: 'new2' },
      { _id: 3, a: 'old3' },
    ]);
  });

  it('when whenMatched is keepExisting, then matched documents stay and others are inserted', async () => {
    await merge({ into: 'target', whenMatched: 'keepExisting' });
    expect(await targetDocs()).toEqual([
      { _id: 1, a: 'old1', c: 'old1' },
      { _id: 2, a: 'new2' },
      { _id: 3, a: 'old3' },
    ]);
  });

  it('when whenMatched is fail, then a match fails with the duplicate key error of _id', async () => {
    const error = await serverError(merge({ into: 'target', whenMatched: 'fail' }));
    expect(error.code).toBe(11000);
    expect(error.errorResponse['keyPattern']).toEqual({ _id: 1 });
    expect(error.errorResponse['keyValue']).toEqual({ _id: 1 });
  });

  it('when whenMatched is a pipeline, then it updates the matched document with $$new and let variables', async () => {
    await merge({
      into: 'target',
      let: { suffix: '!' },
      whenMatched: [{ $set: { a: { $concat: ['$$new.a', '$$suffix'] }, from: '$a' } }],
      whenNotMatched: 'discard',
    });
    expect(await targetDocs()).toEqual([
      { _id: 1, a: 'new1!', c: 'old1', from: 'old1' },
      { _id: 3, a: 'old3' },
    ]);
  });

  it('when whenNotMatched is fail and a document has no match, then it fails with 13113', async () => {
    const error = await serverError(merge({ into: 'target', whenNotMatched: 'fail' }));
    expect(error.code).toBe(13113);
    expect(error.codeName).toBe('MergeStageNoMatchingDocument');
  });

  it('when on names fields of a unique index, then documents match on those fields', async () => {
    await target().createIndex({ a: 1 }, { unique: true });
    await source().drop();
    await source().insertMany([{ _id: 10, a: 'old3', extra: true }]);
    await source()
      .aggregate([{ $project: { _id: 0 } }, { $merge: { into: 'target', on: 'a' } }])
      .toArray();
    expect(await target().findOne({ a: 'old3' })).toEqual({ _id: 3, a: 'old3', extra: true });
  });

  it('when a match on other fields would change the _id, then it fails with ImmutableField (66)', async () => {
    await target().createIndex({ a: 1 }, { unique: true });
    await source().drop();
    await source().insertMany([{ _id: 10, a: 'old3' }]);
    const error = await serverError(merge({ into: 'target', on: 'a' }));
    expect(error.code).toBe(66);
    expect(error.message).toMatch(
      /^\$merge failed to update the matching document, did you attempt to modify the _id or the shard key\? :: caused by :: /,
    );
  });

  it('when on names fields without a unique index, then it fails with 51183', async () => {
    const error = await serverError(merge({ into: 'target', on: 'a' }));
    expect(error.code).toBe(51183);
    expect(error.message).toBe('Cannot find index to verify that join fields will be unique');
  });

  it('when a document lacks an on field, then it fails with 51132', async () => {
    await target().createIndex({ c: 1 }, { unique: true });
    const error = await serverError(merge({ into: 'target', on: 'c' }));
    expect(error.code).toBe(51132);
  });

  it('when the modes cannot be combined, then it fails with 51181', async () => {
    const error = await serverError(
      merge({ into: 'target', whenMatched: 'keepExisting', whenNotMatched: 'fail' }),
    );
    expect(error.code).toBe(51181);
  });

  it('when let is given without a pipeline, then it fails with 51199', async () => {
    const error = await serverError(merge({ into: 'target', let: { x: 1 } }));
    expect(error.code).toBe(51199);
  });

  it('when into names another database, then documents are merged there', async () => {
    await merge({ into: { db: otherDb().databaseName, coll: 'copy' } });
    expect(await otherDb().collection('copy').countDocuments()).toBe(2);
  });
});
