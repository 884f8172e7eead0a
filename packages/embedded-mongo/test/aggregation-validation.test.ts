import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';
import { serverError, type AnyDocument } from './support.js';

describe('$out and $merge into a collection with a validator', () => {
  const t = useTestDatabase('agg_validation');
  const source = () => t.db.collection<AnyDocument>('source');
  const target = () => t.db.collection<AnyDocument>('target');

  beforeEach(async () => {
    await source()
      .drop()
      .catch(() => undefined);
    await target()
      .drop()
      .catch(() => undefined);
    await source().insertMany([
      { _id: 1, n: 1 },
      { _id: 2, n: 'two' },
    ]);
    await t.db.createCollection('target', { validator: { n: { $type: 'number' } } });
    await target().insertOne({ _id: 9, n: 9 });
  });

  it.each([[{ $out: 'target' }], [{ $merge: 'target' }]])(
    'when %j writes a document the validator refuses, then it fails with DocumentValidationFailure (121)',
    async (stage) => {
      const error = await serverError(source().aggregate([stage]).toArray());
      expect(error.code).toBe(121);
    },
  );

  it('when $out fails validation, then the target keeps its documents', async () => {
    await serverError(
      source()
        .aggregate([{ $out: 'target' }])
        .toArray(),
    );
    expect(await target().find().toArray()).toEqual([{ _id: 9, n: 9 }]);
  });

  it('when the aggregate bypasses document validation, then $out writes every document', async () => {
    await source()
      .aggregate([{ $out: 'target' }], { bypassDocumentValidation: true })
      .toArray();
    expect(await target().countDocuments()).toBe(2);
  });
});
