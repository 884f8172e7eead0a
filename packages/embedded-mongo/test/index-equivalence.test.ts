import fc from 'fast-check';
import {
  BSON,
  Decimal128,
  Double,
  Long,
  MongoBulkWriteError,
  type CollationOptions,
  type Collection,
  type Document,
} from 'mongodb';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';

const { EJSON } = BSON;

// Values of several BSON types, including ones that compare equal across types (1, 1.0, 1L,
// 1m), strings that differ only in case or accents (equal under the case-insensitive
// collation), arrays (which make an index multikey) and missing fields.
const scalar = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom(1.5, -0.5, 2.25),
  fc.integer({ min: -3, max: 3 }).map((n) => new Double(n)),
  fc.integer({ min: -3, max: 3 }).map((n) => Long.fromNumber(n)),
  fc.constantFrom('1', '2.5', '-1').map((s) => Decimal128.fromString(s)),
  fc.constantFrom('a', 'A', 'b', 'B', 'ab', 'é', 'E', ''),
  fc.constant(null),
  fc.integer({ min: 0, max: 4 }).map((n) => new Date(Date.UTC(2026, 0, n + 1))),
  fc.boolean(),
);
const value = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
);
const field = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.option(arbitrary, { nil: undefined, freq: 5 });

const document = fc.record({
  a: field(scalar),
  b: field(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom('a', 'A', 'b', 'B', 'ab', 'é', 'E') },
      { weight: 1, arbitrary: scalar },
    ),
  ),
  c: field(value),
  d: field(fc.oneof(fc.record({ e: field(scalar) }), scalar)),
  f: field(scalar),
});

const FIELDS = ['a', 'b', 'c', 'd.e', 'f'] as const;

const condition = fc.oneof(
  scalar,
  scalar.map((v) => ({ $eq: v })),
  fc.tuple(fc.constantFrom('$gt', '$gte', '$lt', '$lte'), scalar).map(([op, v]) => ({ [op]: v })),
  fc.tuple(scalar, scalar).map(([low, high]) => ({ $gt: low, $lte: high })),
  fc.array(scalar, { minLength: 1, maxLength: 3 }).map((vs) => ({ $in: vs })),
  scalar.map((v) => ({ $ne: v })),
  fc.boolean().map((b) => ({ $exists: b })),
);

// Ranges on _id read the ordered _id_ index; equality on it is a direct look-up.
const idCondition = fc.oneof(
  fc.integer({ min: 0, max: 60 }),
  fc
    .tuple(fc.constantFrom('$gt', '$gte', '$lt', '$lte'), fc.integer({ min: 0, max: 60 }))
    .map(([op, v]) => ({ [op]: v })),
);

const branch = fc.dictionary(fc.constantFrom(...FIELDS), condition, { minKeys: 1, maxKeys: 2 });

const filter: fc.Arbitrary<Document> = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), condition, { minKeys: 0, maxKeys: 3 }),
  // An $or reads the union of its branches' index scans when every branch has one.
  fc
    .tuple(
      fc.array(branch, { minLength: 1, maxLength: 3 }),
      fc.dictionary(fc.constantFrom(...FIELDS), condition, { maxKeys: 1 }),
    )
    .map(([branches, rest]) => ({ ...rest, $or: branches })),
  fc
    .tuple(fc.dictionary(fc.constantFrom(...FIELDS), condition, { maxKeys: 1 }), idCondition)
    .map(([rest, id]) => ({ ...rest, _id: id })),
  fc
    .tuple(fc.constantFrom(...FIELDS), condition, condition)
    .map(([f, x, y]) => ({ $and: [{ [f]: x }, { [f]: y }] })),
);

// Sorts that end with _id have one answer; the others are compared as sets.
const sort = fc.constantFrom<Document | undefined>(
  undefined,
  { a: 1, _id: 1 },
  { a: -1, _id: -1 },
  { b: 1, a: -1, _id: -1 },
  { f: -1, _id: 1 },
  { _id: -1 },
  { a: 1 },
);
const collation = fc.constantFrom<CollationOptions | undefined>(undefined, {
  locale: 'en',
  strength: 2,
});

const mutation = fc.oneof(
  fc.record({
    kind: fc.constant('set' as const),
    filter,
    field: fc.constantFrom(...FIELDS),
    value,
  }),
  fc.record({ kind: fc.constant('unset' as const), filter, field: fc.constantFrom(...FIELDS) }),
  fc.record({ kind: fc.constant('delete' as const), filter }),
  fc.record({ kind: fc.constant('insert' as const), doc: document }),
);

const query = fc.record({ filter, sort, collation, limit: fc.constantFrom(0, 0, 3) });

/** The documents with their exact BSON types, so 1 and 1.0 or 'a' and 'A' never pass for each other. */
const exact = (docs: Document[]): string[] =>
  docs.map((d) => EJSON.stringify(d, { relaxed: false }));

function sortedById(docs: Document[]): Document[] {
  return [...docs].sort((x, y) => Number(x['_id']) - Number(y['_id']));
}

function withoutUndefined(doc: Document): Document {
  return Object.fromEntries(Object.entries(doc).filter(([, v]) => v !== undefined));
}

describe('secondary indexes give the same answers as a collection scan', () => {
  const t = useTestDatabase('index_equivalence');
  let run = 0;

  async function collections(): Promise<{ indexed: Collection; plain: Collection }> {
    run += 1;
    const indexed = t.db.collection(`indexed_${run}`);
    const plain = t.db.collection(`plain_${run}`);
    await indexed.createIndexes([
      { key: { a: 1 } },
      { key: { a: 1, _id: 1 } },
      { key: { b: 1, a: -1, _id: -1 } },
      { key: { b: 1 }, name: 'b_ci', collation: { locale: 'en', strength: 2 } },
      { key: { c: 1 } },
      { key: { 'd.e': 1 } },
      { key: { f: -1 }, sparse: true },
    ]);
    await plain.insertOne({ _id: -1 } as Document);
    await plain.deleteOne({ _id: -1 } as Document);
    return { indexed, plain };
  }

  async function compare(
    indexed: Collection,
    plain: Collection,
    q: {
      filter: Document;
      sort: Document | undefined;
      collation: CollationOptions | undefined;
      limit: number;
    },
  ): Promise<void> {
    const ordered = q.sort !== undefined && '_id' in q.sort;
    const options = {
      ...(q.sort ? { sort: q.sort } : {}),
      ...(q.collation ? { collation: q.collation } : {}),
      ...(ordered && q.limit > 0 ? { limit: q.limit } : {}),
    };
    // The plain collection is read by a collection scan whatever the filter, as the reference.
    const scan = (c: Collection): Document => (c === plain ? { hint: { $natural: 1 } } : {});
    const read = async (c: Collection): Promise<Document[]> => {
      const docs = await c.find(q.filter, { ...options, ...scan(c) }).toArray();
      return ordered ? docs : sortedById(docs);
    };
    const context = `filter ${EJSON.stringify(q.filter)} options ${EJSON.stringify(options)}`;
    expect(exact(await read(indexed)), context).toEqual(exact(await read(plain)));
    const countOptions = q.collation ? { collation: q.collation } : {};
    expect(await indexed.countDocuments(q.filter, countOptions), context).toBe(
      await plain.countDocuments(q.filter, { ...countOptions, ...scan(plain) }),
    );
    if (ordered) {
      const pipeline = [{ $match: q.filter }, { $sort: q.sort }, { $project: { _id: 1 } }];
      const aggregated = (c: Collection): Promise<Document[]> =>
        c.aggregate(pipeline, { ...countOptions, ...scan(c) }).toArray();
      expect(exact(await aggregated(indexed)), context).toEqual(exact(await aggregated(plain)));
    }
  }

  it('when documents of mixed types are queried, updated and deleted, then indexed and unindexed collections always agree', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(document, { minLength: 5, maxLength: 40 }),
        fc.array(
          fc.oneof(
            { weight: 3, arbitrary: query.map((q) => ({ kind: 'query' as const, q })) },
            { weight: 1, arbitrary: mutation },
          ),
          { minLength: 5, maxLength: 25 },
        ),
        async (docs, steps) => {
          const { indexed, plain } = await collections();
          let nextId = 0;
          const withId = (doc: Document): Document => withoutUndefined({ _id: nextId++, ...doc });
          // Documents with two arrays under a compound index are refused; keep them out of both.
          // One unordered insert each: every document is taken or refused on its own, as by
          // one insert per document, in one round trip instead of one per document.
          const stored = docs.map(withId);
          const refused = await indexed.insertMany(stored, { ordered: false }).then(
            () => new Set<number>(),
            (error: unknown) => {
              if (!(error instanceof MongoBulkWriteError)) throw error;
              return new Set([error.writeErrors].flat().map((writeError) => writeError.index));
            },
          );
          const accepted = stored.filter((_, index) => !refused.has(index));
          if (accepted.length > 0) await plain.insertMany(accepted);
          for (const step of steps) {
            if (step.kind === 'query') {
              await compare(indexed, plain, step.q);
            } else if (step.kind === 'insert') {
              const doc = withId(step.doc);
              const stored = await indexed.insertOne(doc).then(
                () => true,
                () => false,
              );
              if (stored) await plain.insertOne(doc);
            } else if (step.kind === 'delete') {
              const [x, y] = await Promise.all([
                indexed.deleteMany(step.filter),
                plain.deleteMany(step.filter),
              ]);
              expect(x.deletedCount).toBe(y.deletedCount);
            } else {
              const update =
                step.kind === 'set'
                  ? { $set: { [step.field]: step.value } }
                  : { $unset: { [step.field]: '' } };
              const apply = (c: Collection): Promise<string> =>
                c.updateMany(step.filter, update).then(
                  (r) => `matched ${r.matchedCount} modified ${r.modifiedCount}`,
                  (e: unknown) => `failed ${(e as { code?: number }).code ?? ''}`,
                );
              // A write the index refuses (parallel arrays) must fail alike on both; the plain
              // collection has no such index, so skip comparing those.
              const x = await apply(indexed);
              if (!x.startsWith('failed 171')) expect(x).toBe(await apply(plain));
              else {
                await indexed.deleteMany({});
                await plain.deleteMany({});
              }
            }
          }
          const all = (c: Collection): Promise<Document[]> =>
            c.find({}, { sort: { _id: 1 }, hint: { $natural: 1 } }).toArray();
          expect(exact(await all(indexed))).toEqual(exact(await all(plain)));
        },
      ),
      { numRuns: 50 },
    );
  }, 120_000);
});
