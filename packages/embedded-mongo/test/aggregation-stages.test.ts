import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';
import { serverError, type AnyDocument } from './support.js';

describe('aggregation stages: names, positions and the database-level sources', () => {
  const t = useTestDatabase('agg_stages');
  const items = () => t.db.collection<AnyDocument>('items');

  it('when a stage name is unknown, then the aggregate fails with 40324 naming it', async () => {
    const error = await serverError(
      items()
        .aggregate([{ $match: {} }, { $foo: {} }])
        .toArray(),
    );
    expect(error.code).toBe(40324);
    expect(error.codeName).toBe('Location40324');
    expect(error.message).toBe("Unrecognized pipeline stage name: '$foo'");
  });

  it('when a stage has two fields, then the aggregate fails with 40323', async () => {
    const error = await serverError(
      items()
        .aggregate([{ $match: {}, $limit: 1 }])
        .toArray(),
    );
    expect(error.code).toBe(40323);
  });

  it.each(['$out', '$merge'])(
    'when %s is not the last stage, then the aggregate fails with 40601',
    async (stage) => {
      const error = await serverError(
        items()
          .aggregate([{ [stage]: 'elsewhere' }, { $match: {} }])
          .toArray(),
      );
      expect(error.code).toBe(40601);
      expect(error.message).toBe(`${stage} can only be the final stage in the pipeline`);
    },
  );

  it.each([
    [{ $lookup: { from: 'items', pipeline: [{ $out: 'x' }], as: 'joined' } }, 51047],
    [{ $facet: { written: [{ $merge: 'x' }] } }, 40600],
    [{ $unionWith: { coll: 'items', pipeline: [{ $out: 'x' }] } }, 31441],
    [{ $facet: { unknown: [{ $foo: 1 }] } }, 40324],
  ])('when a sub-pipeline holds %j, then the aggregate fails with %d', async (stage, code) => {
    const error = await serverError(items().aggregate([stage]).toArray());
    expect(error.code).toBe(code);
  });

  it('when $documents starts a database aggregate, then its documents are the input', async () => {
    const result = await t.db
      .aggregate([{ $documents: [{ x: 1 }, { x: 2 }, { x: 3 }] }, { $match: { x: { $gte: 2 } } }])
      .toArray();
    expect(result).toEqual([{ x: 2 }, { x: 3 }]);
  });
});
