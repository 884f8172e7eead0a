import { Decimal128, Double, Int32, Long, type Collection, type Document } from 'mongodb';
import type { AnyDocument } from './support.js';

/**
 * A value read with `promoteValues: false` as its BSON type and text, so a test can assert the
 * exact type MongoDB answers: `['int', '4']`, `['long', '4']`, `['double', '4']`,
 * `['decimal', '4.0']`.
 */
export function typed(value: unknown): [string, string] {
  if (value instanceof Int32) return ['int', String(value.value)];
  if (value instanceof Long) return ['long', value.toString()];
  if (value instanceof Double) return ['double', String(value.value)];
  if (value instanceof Decimal128) return ['decimal', value.toString()];
  if (value === null) return ['null', 'null'];
  if (value instanceof Date) return ['date', value.toISOString()];
  return [typeof value, String(value)];
}

/** The value of an expression computed on the collection's first document, in its BSON type. */
export async function evaluate(coll: Collection<AnyDocument>, expr: Document): Promise<unknown> {
  const [doc] = await coll
    .aggregate([{ $limit: 1 }, { $project: { _id: 0, r: expr } }], { promoteValues: false })
    .toArray();
  return doc?.['r'];
}
