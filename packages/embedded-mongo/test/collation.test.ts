import { MongoServerError, type Collection, type Document } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';
import type { AnyDocument } from './support.js';

const caseInsensitive = { locale: 'en', strength: 2 };
const baseLetters = { locale: 'en', strength: 1 };

async function failure(promise: Promise<unknown>): Promise<MongoServerError> {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MongoServerError);
  return err as MongoServerError;
}

describe('collation', () => {
  const t = useTestDatabase('collation');
  const words = [
    { _id: 1, w: 'cafe' },
    { _id: 2, w: 'Cafe' },
    { _id: 3, w: 'café' },
    { _id: 4, w: 'CAFÉ' },
    { _id: 5, w: 'tea' },
  ];

  async function seeded(name: string): Promise<Collection<AnyDocument>> {
    const coll = t.db.collection<AnyDocument>(name);
    await coll.insertMany(words.map((w) => ({ ...w })));
    return coll;
  }

  let shared: Collection<AnyDocument>;
  beforeAll(async () => {
    shared = await seeded('words');
  });

  const ids = (docs: Document[]): unknown[] => docs.map((d) => d['_id']);

  it('when find has no collation, then strings compare in binary order', async () => {
    expect(ids(await shared.find({ w: 'cafe' }).toArray())).toEqual([1]);
  });

  it('when find has strength 2, then case is ignored but accents are not', async () => {
    const found = await shared.find({ w: 'CAFE' }, { collation: caseInsensitive }).toArray();
    expect(ids(found)).toEqual([1, 2]);
  });

  it('when find has strength 1, then case and accents are both ignored', async () => {
    const found = await shared.find({ w: 'cafe' }, { collation: baseLetters }).toArray();
    expect(ids(found)).toEqual([1, 2, 3, 4]);
  });

  it('when find has strength 3, then case and accents both count', async () => {
    const found = await shared
      .find({ w: 'Cafe' }, { collation: { locale: 'en', strength: 3 } })
      .toArray();
    expect(ids(found)).toEqual([2]);
  });

  it('when strength 1 has caseLevel, then case counts again but accents do not', async () => {
    const found = await shared
      .find({ w: 'cafe' }, { collation: { locale: 'en', strength: 1, caseLevel: true } })
      .toArray();
    expect(ids(found)).toEqual([1, 3]);
  });

  it('when $in and ranges run under a collation, then they compare by it', async () => {
    const inList = await shared
      .find({ w: { $in: ['TEA', 'CAFÉ'] } }, { collation: caseInsensitive })
      .toArray();
    expect(ids(inList)).toEqual([3, 4, 5]);
    const range = await shared.find({ w: { $gt: 'CAFÉ' } }, { collation: baseLetters }).toArray();
    expect(ids(range)).toEqual([5]);
  });

  it('when find sorts under a collation, then the locale order replaces binary order', async () => {
    const coll = t.db.collection<AnyDocument>('sorting');
    await coll.insertMany([
      { s: 'b' },
      { s: 'A' },
      { s: 'a' },
      { s: 'B' },
      { s: 'item10' },
      { s: 'item9' },
    ]);
    const project = { _id: 0 };
    const binary = await coll.find({}, { projection: project }).sort({ s: 1 }).toArray();
    expect(binary.map((d) => d['s'])).toEqual(['A', 'B', 'a', 'b', 'item10', 'item9']);
    const english = await coll
      .find({}, { projection: project, collation: { locale: 'en', numericOrdering: true } })
      .sort({ s: 1 })
      .toArray();
    expect(english.map((d) => d['s'])).toEqual(['a', 'A', 'b', 'B', 'item9', 'item10']);
  });

  it('when count and countDocuments have a collation, then they count by it', async () => {
    expect(await shared.countDocuments({ w: 'CAFE' }, { collation: caseInsensitive })).toBe(2);
    const reply = await t.db.command({
      count: 'words',
      query: { w: 'CAFE' },
      collation: baseLetters,
    });
    expect(reply['n']).toBe(4);
  });

  it('when distinct has a collation, then values equal under it are listed once', async () => {
    const values = await shared.distinct('w', {}, { collation: baseLetters });
    expect(values).toEqual(['cafe', 'tea']);
  });

  it('when aggregate has a collation, then $match and $sort use it', async () => {
    const result = await shared
      .aggregate(
        [{ $match: { w: 'CAFE' } }, { $sort: { w: -1, _id: 1 } }, { $project: { _id: 1 } }],
        { collation: baseLetters },
      )
      .toArray();
    expect(ids(result)).toEqual([1, 2, 3, 4]);
  });

  it('when updateMany and deleteOne have a collation, then they select by it', async () => {
    const coll = await seeded('writes');
    const updated = await coll.updateMany(
      { w: 'CAFE' },
      { $set: { hit: true } },
      { collation: caseInsensitive },
    );
    expect(updated.matchedCount).toBe(2);
    const deleted = await coll.deleteOne(
      { w: 'CAFÉ', hit: { $exists: false } },
      { collation: caseInsensitive },
    );
    expect(deleted.deletedCount).toBe(1);
    expect(ids(await coll.find().toArray())).toEqual([1, 2, 4, 5]);
  });

  it('when findOneAndUpdate sorts under a collation, then it takes the first in that order', async () => {
    const coll = t.db.collection<AnyDocument>('find-and-modify');
    await coll.insertMany([
      { _id: 1, s: 'b' },
      { _id: 2, s: 'B' },
      { _id: 3, s: 'a' },
    ]);
    const first = await coll.findOneAndUpdate(
      {},
      { $set: { first: true } },
      { sort: { s: 1 }, collation: { locale: 'en' } },
    );
    expect(first?.['_id']).toBe(3);
  });

  it('when a string _id is looked up under a collation, then equal ids under it match', async () => {
    const coll = t.db.collection<AnyDocument>('string-ids');
    await coll.insertOne({ _id: 'Key' as never, v: 1 });
    expect(await coll.findOne({ _id: 'KEY' as never })).toBeNull();
    expect(await coll.findOne({ _id: 'KEY' as never }, { collation: caseInsensitive })).toEqual({
      _id: 'Key',
      v: 1,
    });
  });

  it('when a unique index has a collation, then strings equal under it are duplicates', async () => {
    const coll = t.db.collection<AnyDocument>('unique-collated');
    await coll.createIndex({ email: 1 }, { unique: true, collation: caseInsensitive });
    await coll.insertOne({ _id: 1, email: 'Ann@Example.com' });
    const err = await failure(coll.insertOne({ _id: 2, email: 'ann@example.COM' }));
    expect(err.code).toBe(11000);
    await coll.insertOne({ _id: 3, email: 'bob@example.com' });
    await coll.deleteOne({ _id: 1 });
    await coll.insertOne({ _id: 4, email: 'ANN@example.com' });
    expect(ids(await coll.find().sort({ _id: 1 }).toArray())).toEqual([3, 4]);
  });

  it('when a unique index has a collation, then listIndexes shows it with every option resolved', async () => {
    const coll = t.db.collection<AnyDocument>('listed');
    await coll.createIndex({ name: 1 }, { unique: true, collation: { locale: 'fr', strength: 1 } });
    const index = (await coll.listIndexes().toArray()).find((i) => i['name'] === 'name_1');
    expect(index?.['collation']).toEqual({
      locale: 'fr',
      caseLevel: false,
      caseFirst: 'off',
      strength: 1,
      numericOrdering: false,
      alternate: 'non-ignorable',
      maxVariable: 'punct',
      normalization: false,
      backwards: false,
      version: '57.1',
    });
  });

  it('when the query collation differs from a collated unique index, then results follow the query collation', async () => {
    const coll = t.db.collection<AnyDocument>('index-choice');
    await coll.createIndex({ code: 1 }, { unique: true, collation: caseInsensitive });
    await coll.insertMany([
      { _id: 1, code: 'abc' },
      { _id: 2, code: 'ábc' },
    ]);
    expect(ids(await coll.find({ code: 'ABC' }).toArray())).toEqual([]);
    expect(ids(await coll.find({ code: 'ABC' }, { collation: caseInsensitive }).toArray())).toEqual(
      [1],
    );
    expect(ids(await coll.find({ code: 'ABC' }, { collation: baseLetters }).toArray())).toEqual([
      1, 2,
    ]);
  });

  it('when building a collated unique index over values equal under it, then it fails with 11000', async () => {
    const coll = t.db.collection<AnyDocument>('build-collated');
    await coll.insertMany([{ tag: 'x' }, { tag: 'X' }]);
    const err = await failure(
      coll.createIndex({ tag: 1 }, { unique: true, collation: caseInsensitive }),
    );
    expect(err.code).toBe(11000);
  });

  it('when two indexes share a key pattern with different collations, then both exist and dropping by pattern is ambiguous', async () => {
    const coll = t.db.collection<AnyDocument>('two-collations');
    await coll.createIndex({ k: 1 }, { name: 'k_simple' });
    await coll.createIndex({ k: 1 }, { name: 'k_en', collation: { locale: 'en' } });
    expect((await coll.listIndexes().toArray()).map((i) => i['name'])).toEqual([
      '_id_',
      'k_simple',
      'k_en',
    ]);
    const err = await failure(coll.dropIndex({ k: 1 } as never));
    expect(err.code).toBe(181);
  });

  it('when the collation has no locale, then the command fails naming the field', async () => {
    const err = await failure(shared.find({}, { collation: { strength: 2 } as never }).toArray());
    expect(err.message).toContain('locale');
  });

  it('when the locale is unknown, then the command fails with BadValue', async () => {
    const err = await failure(shared.find({}, { collation: { locale: 'not_a_locale' } }).toArray());
    expect(err.code).toBe(2);
    expect(err.message).toMatch(/^Field 'locale' is invalid in: /);
  });

  it('when strength is out of range, then the command fails naming the field', async () => {
    const err = await failure(
      shared.find({}, { collation: { locale: 'en', strength: 6 } }).toArray(),
    );
    expect(err.message).toContain('strength');
  });

  it('when the collation has an unknown field, then the command fails naming it', async () => {
    const err = await failure(
      shared.find({}, { collation: { locale: 'en', color: 'red' } as never }).toArray(),
    );
    expect(err.message).toContain('color');
  });

  it('when the locale is "simple", then strings compare in binary order', async () => {
    const found = await shared.find({ w: 'CAFE' }, { collation: { locale: 'simple' } }).toArray();
    expect(found).toEqual([]);
  });
});
