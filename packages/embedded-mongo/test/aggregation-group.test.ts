import { Decimal128, Double, Int32, Long, type Document } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';
import { typed } from './aggregation-values.js';
import { serverError, type AnyDocument } from './support.js';

describe('$group, its accumulators and the counting stages', () => {
  const t = useTestDatabase('agg_group');

  /** Fills a fresh collection and returns one $group's single result, read in BSON types. */
  async function groupOf(name: string, values: unknown[], fields: Document): Promise<Document> {
    const coll = t.db.collection<AnyDocument>(name);
    await coll.insertMany(values.map((v, i) => ({ _id: i, v })));
    const [result] = await coll
      .aggregate([{ $group: { _id: null, ...fields } }], { promoteValues: false })
      .toArray();
    if (!result) throw new Error('no group');
    return result;
  }

  it('when $sum adds int32 values, then the total is an int32, and an int64 once it outgrows int32', async () => {
    const small = await groupOf('sum_int', [new Int32(1), new Int32(2)], { s: { $sum: '$v' } });
    expect(typed(small['s'])).toEqual(['int', '3']);
    const large = await groupOf('sum_int_big', [new Int32(2147483647), new Int32(1)], {
      s: { $sum: '$v' },
    });
    expect(typed(large['s'])).toEqual(['long', '2147483648']);
  });

  it('when $sum meets an int64, a double or a decimal, then the total takes the widest type', async () => {
    const long = await groupOf('sum_long', [new Int32(1), Long.fromNumber(2)], {
      s: { $sum: '$v' },
    });
    expect(typed(long['s'])).toEqual(['long', '3']);
    const double = await groupOf('sum_double', [new Int32(1), new Double(2)], {
      s: { $sum: '$v' },
    });
    expect(typed(double['s'])).toEqual(['double', '3']);
    const decimal = await groupOf(
      'sum_decimal',
      [Decimal128.fromString('1.50'), Decimal128.fromString('2.50')],
      { s: { $sum: '$v' } },
    );
    expect(typed(decimal['s'])).toEqual(['decimal', '4.00']);
    const mixed = await groupOf('sum_mixed', [new Int32(1), Decimal128.fromString('0.5')], {
      s: { $sum: '$v' },
    });
    const [type, text] = typed(mixed['s']);
    expect([type, Number(text)]).toEqual(['decimal', 1.5]);
  });

  it('when $sum adds 0.1 ten times, then the total is exactly 1 (the sum is compensated)', async () => {
    const result = await groupOf('sum_tenths', Array(10).fill(0.1), { s: { $sum: '$v' } });
    expect(typed(result['s'])).toEqual(['double', '1']);
  });

  it('when $sum counts or meets no number, then it answers an int32', async () => {
    const result = await groupOf('sum_count', ['a', null, 'b'], {
      n: { $sum: 1 },
      s: { $sum: '$v' },
    });
    expect(typed(result['n'])).toEqual(['int', '3']);
    expect(typed(result['s'])).toEqual(['int', '0']);
  });

  it('when $avg averages, then it answers a double, a decimal with a decimal, null with no number', async () => {
    const ints = await groupOf('avg_int', [new Int32(1), new Int32(2)], { a: { $avg: '$v' } });
    expect(typed(ints['a'])).toEqual(['double', '1.5']);
    const decimals = await groupOf('avg_decimal', [Decimal128.fromString('1'), new Int32(2)], {
      a: { $avg: '$v' },
    });
    const [type, text] = typed(decimals['a']);
    expect([type, Number(text)]).toEqual(['decimal', 1.5]);
    const none = await groupOf('avg_none', ['x'], { a: { $avg: '$v' } });
    expect(none['a']).toBeNull();
  });

  it('when $min and $max compare values of mixed types, then they skip null and keep the type', async () => {
    const result = await groupOf(
      'min_max',
      [Long.fromNumber(3), new Double(2.5), null, Decimal128.fromString('2.75'), 'text'],
      { lo: { $min: '$v' }, hi: { $max: '$v' }, none: { $max: '$missing' } },
    );
    expect(typed(result['lo'])).toEqual(['double', '2.5']);
    expect(result['hi']).toBe('text');
    expect(result['none']).toBeNull();
  });

  it('when group keys are equal numbers of different types, then they form one group with the first key', async () => {
    const coll = t.db.collection<AnyDocument>('numeric_keys');
    await coll.insertMany([
      { _id: 1, k: new Int32(1), n: 1 },
      { _id: 2, k: new Double(1), n: 2 },
      { _id: 3, k: Long.fromNumber(1), n: 3 },
      { _id: 4, k: Decimal128.fromString('1.0'), n: 4 },
      { _id: 5, k: new Int32(2), n: 5 },
    ]);
    const groups = await coll
      .aggregate([{ $sort: { _id: 1 } }, { $group: { _id: '$k', total: { $sum: '$n' } } }], {
        promoteValues: false,
      })
      .toArray();
    const byTotal = groups
      .map((g) => [typed(g['_id']), typed(g['total'])])
      .sort((a, b) => Number(a[1]?.[1]) - Number(b[1]?.[1]));
    expect(byTotal).toEqual([
      [
        ['int', '2'],
        ['int', '5'],
      ],
      [
        ['int', '1'],
        ['int', '10'],
      ],
    ]);
  });

  it('when $addToSet meets equal numbers of different types, then it keeps one of them', async () => {
    const result = await groupOf(
      'add_to_set',
      [new Int32(1), new Double(1), Long.fromNumber(1), new Int32(2)],
      { set: { $addToSet: '$v' } },
    );
    expect((result['set'] as unknown[]).length).toBe(2);
  });

  it('when $sortByCount counts values, then equal numbers of different types count together', async () => {
    const coll = t.db.collection<AnyDocument>('sort_by_count');
    await coll.insertMany([
      { v: new Int32(7) },
      { v: new Double(7) },
      { v: 'a' },
      { v: Long.fromNumber(7) },
    ]);
    const counts = await coll.aggregate([{ $sortByCount: '$v' }]).toArray();
    expect(counts.map((c) => [c['_id'], c['count']])).toEqual([
      [7, 3],
      ['a', 1],
    ]);
  });

  it('when $bucket groups by boundaries, then each bucket has its _id first and the typed sums', async () => {
    const coll = t.db.collection<AnyDocument>('buckets');
    await coll.insertMany([
      { _id: 1, v: new Int32(1) },
      { _id: 2, v: new Int32(3) },
      { _id: 3, v: new Int32(12) },
    ]);
    const buckets = await coll
      .aggregate([
        { $bucket: { groupBy: '$v', boundaries: [0, 10, 20], output: { s: { $sum: '$v' } } } },
      ])
      .toArray();
    expect(buckets.map((b) => Object.keys(b))).toEqual([
      ['_id', 's'],
      ['_id', 's'],
    ]);
    expect(buckets).toEqual([
      { _id: 0, s: 4 },
      { _id: 10, s: 12 },
    ]);
  });

  it('when $count runs over no documents, then there is no result at all', async () => {
    const coll = t.db.collection<AnyDocument>('count_source');
    await coll.insertMany([{ v: 1 }, { v: 2 }]);
    expect(await coll.aggregate([{ $match: { v: 3 } }, { $count: 'n' }]).toArray()).toEqual([]);
    expect(await coll.aggregate([{ $count: 'n' }]).toArray()).toEqual([{ n: 2 }]);
  });

  it.each([
    [{ $group: { total: { $sum: 1 } } }, 15955],
    [{ $group: { _id: null, total: { $foo: 1 } } }, 15952],
    [{ $group: { _id: null, 'a.b': { $sum: 1 } } }, 40235],
    [{ $group: { _id: null, total: 1 } }, 40234],
    [{ $count: '$n' }, 40158],
    [{ $count: 'a.b' }, 40160],
  ])('when the stage is %j, then the aggregate fails with %d', async (stage, code) => {
    const coll = t.db.collection<AnyDocument>('count_source');
    const error = await serverError(coll.aggregate([stage]).toArray());
    expect(error.code).toBe(code);
    expect(error.codeName).toBe(`Location${code}`);
  });
});
