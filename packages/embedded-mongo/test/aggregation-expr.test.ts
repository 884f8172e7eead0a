import { Double, Int32, Long } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';
import type { AnyDocument } from './support.js';

describe('$expr in queries and in a first $match', () => {
  const t = useTestDatabase('agg_expr');
  const values = () => t.db.collection<AnyDocument>('values');
  const ids = (docs: AnyDocument[]) => docs.map((d) => d._id);

  beforeAll(async () => {
    await values().insertMany([
      { _id: 1, l: Long.fromNumber(3), d: new Double(1.5) },
      { _id: 2, l: Long.fromNumber(4), d: new Double(2) },
      { _id: 3, l: new Int32(3), d: new Double(3) },
    ]);
  });

  it('when $expr compares values of different numeric types, then it compares them by value', async () => {
    const filter = { $expr: { $eq: ['$l', { $add: [new Int32(1), new Double(2)] }] } };
    expect(ids(await values().find(filter).toArray())).toEqual([1, 3]);
    expect(
      ids(
        await values()
          .aggregate<AnyDocument>([{ $match: filter }])
          .toArray(),
      ),
    ).toEqual([1, 3]);
  });

  it('when $expr yields a zero of any numeric type, then the document does not match', async () => {
    const filter = { $expr: { $subtract: ['$d', 2] } };
    expect(ids(await values().find(filter).toArray())).toEqual([1, 3]);
    const pipeline = [{ $sort: { _id: 1 } }, { $match: { $expr: { $subtract: ['$l', 3] } } }];
    expect(ids(await values().aggregate<AnyDocument>(pipeline).toArray())).toEqual([2]);
  });
});
