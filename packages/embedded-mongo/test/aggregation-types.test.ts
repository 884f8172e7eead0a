import { Decimal128, Double, Int32, Long, type Document } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';
import { evaluate, typed } from './aggregation-values.js';
import { serverError, type AnyDocument } from './support.js';

const VALUES: AnyDocument = {
  _id: 1,
  i: new Int32(2),
  l: Long.fromNumber(3),
  d: 1.5,
  dd: new Double(4),
  m: Decimal128.fromString('5.5'),
  s: 'x',
  nil: null,
};

describe('aggregation type expressions, conversions and comparisons', () => {
  const t = useTestDatabase('agg_types');
  const values = () => t.db.collection<AnyDocument>('values');
  const result = async (expr: Document) => typed(await evaluate(values(), expr));

  beforeAll(async () => {
    await values().insertOne(VALUES);
  });

  it.each([
    ['$i', 'int'],
    ['$l', 'long'],
    ['$d', 'double'],
    ['$dd', 'double'],
    ['$m', 'decimal'],
    ['$s', 'string'],
    ['$nil', 'null'],
    ['$nothing', 'missing'],
  ])('when $type reads %s, then it answers %s', async (field, type) => {
    expect(await evaluate(values(), { $type: field })).toBe(type);
  });

  it('when $isNumber reads each value, then only the four numeric types are numbers', async () => {
    const [doc] = await values()
      .aggregate([
        {
          $project: {
            _id: 0,
            numbers: [
              { $isNumber: '$i' },
              { $isNumber: '$l' },
              { $isNumber: '$dd' },
              { $isNumber: '$m' },
              { $isNumber: '$s' },
              { $isNumber: '$nothing' },
            ],
          },
        },
      ])
      .toArray();
    expect(doc?.['numbers']).toEqual([true, true, true, true, false, false]);
  });

  it.each([
    ['$toInt of a double (truncated)', { $toInt: 1.9 }, ['int', '1']],
    ['$toInt of a string', { $toInt: '-12' }, ['int', '-12']],
    ['$toLong of an int', { $toLong: '$i' }, ['long', '2']],
    ['$toDouble of an int', { $toDouble: '$i' }, ['double', '2']],
    ['$toDouble of a decimal', { $toDouble: '$m' }, ['double', '5.5']],
    ['$toDecimal of a double (15 digits)', { $toDecimal: 2.5 }, ['decimal', '2.50000000000000']],
    ['$toDecimal of a long', { $toDecimal: '$l' }, ['decimal', '3']],
    ['$toString of a double', { $toString: '$d' }, ['string', '1.5']],
    ['$toString of an integral double', { $toString: '$dd' }, ['string', '4']],
    ['$toString of a decimal', { $toString: '$m' }, ['string', '5.5']],
    ['$toBool of a double zero', { $toBool: new Double(0) }, ['boolean', 'false']],
    ['$toInt of null', { $toInt: '$nil' }, ['null', 'null']],
    ['$convert to a type number', { $convert: { input: '$i', to: 18 } }, ['long', '2']],
    [
      '$convert with onError',
      { $convert: { input: 'abc', to: 'int', onError: 'bad' } },
      ['string', 'bad'],
    ],
    [
      '$convert with onNull',
      { $convert: { input: '$nothing', to: 'int', onNull: 0 } },
      ['int', '0'],
    ],
  ])('when %s, then the result is %j', async (_case, expr, expected) => {
    expect(await result(expr)).toEqual(expected);
  });

  it.each([
    [
      { $toInt: 'x' },
      "Failed to parse number 'x' in $convert with no onError value: Did not consume whole string.",
    ],
    [
      { $toInt: Long.fromNumber(2 ** 40) },
      'Conversion would overflow target type in $convert with no onError value: ',
    ],
    [
      { $toInt: Number.NaN },
      'Attempt to convert NaN value to integer type in $convert with no onError value',
    ],
    [
      { $toObjectId: 'abc' },
      "Failed to parse objectId 'abc' in $convert with no onError value: Invalid string length for parsing to OID, expected 24 but found 3",
    ],
    [
      { $toInt: { $literal: { a: 1 } } },
      'Unsupported conversion from object to int in $convert with no onError value',
    ],
  ])(
    'when %j cannot convert, then it fails with ConversionFailure (241)',
    async (expr, message) => {
      const error = await serverError(
        values()
          .aggregate([{ $project: { r: expr } }])
          .toArray(),
      );
      expect(error.code).toBe(241);
      expect(error.codeName).toBe('ConversionFailure');
      expect(error.message).toBe(message);
    },
  );

  it.each([
    ['int 2 $eq double 2.0', { $eq: ['$i', new Double(2)] }, true],
    ['double 4.0 $eq long 4', { $eq: ['$dd', Long.fromNumber(4)] }, true],
    ['decimal 5.5 $eq double 5.5', { $eq: ['$m', 5.5] }, true],
    ['long 3 $gt int 2', { $gt: ['$l', '$i'] }, true],
    ['decimal 5.5 $lt double 4.0', { $lt: ['$m', '$dd'] }, false],
    ['int 2 $ne long 3', { $ne: ['$i', '$l'] }, true],
    ['a string $gt any number', { $gt: ['$s', '$m'] }, true],
    ['missing $eq null', { $eq: ['$nothing', null] }, false],
    ['missing $lt null', { $lt: ['$nothing', null] }, true],
    ['$in by value across types', { $in: [new Double(3), ['$i', '$l']] }, true],
  ])('when %s, then the answer is %s', async (_case, expr, expected) => {
    expect(await evaluate(values(), expr)).toBe(expected);
  });

  it('when $cmp compares across types, then it answers -1, 0 or 1 as an int', async () => {
    expect(await result({ $cmp: ['$i', new Double(2)] })).toEqual(['int', '0']);
    expect(await result({ $cmp: ['$m', '$l'] })).toEqual(['int', '1']);
    expect(await result({ $cmp: ['$i', '$s'] })).toEqual(['int', '-1']);
  });

  it('when $in is given no array, then it fails with 40081', async () => {
    const error = await serverError(
      values()
        .aggregate([{ $project: { r: { $in: [1, '$s'] } } }])
        .toArray(),
    );
    expect(error.code).toBe(40081);
    expect(error.message).toBe('$in requires an array as a second argument, found: string');
  });

  it('when $max and $min are expressions, then they compare across types and skip null', async () => {
    expect(await result({ $max: ['$i', '$l', '$d'] })).toEqual(['long', '3']);
    expect(await result({ $min: ['$nil', '$m', '$dd'] })).toEqual(['double', '4']);
    expect(await result({ $max: ['$nil', '$nothing'] })).toEqual(['null', 'null']);
  });

  it('when $sum and $avg are expressions, then they keep the widest numeric type', async () => {
    expect(await result({ $sum: ['$i', '$l'] })).toEqual(['long', '5']);
    expect(await result({ $sum: ['$i', '$s'] })).toEqual(['int', '2']);
    expect(await result({ $avg: ['$i', '$l'] })).toEqual(['double', '2.5']);
    const [type, text] = await result({ $avg: ['$i', '$m'] });
    expect([type, Number(text)]).toEqual(['decimal', 3.75]);
  });

  it('when a condition is a zero of any numeric type, then it is false', async () => {
    const [doc] = await values()
      .aggregate([
        {
          $project: {
            _id: 0,
            answers: [
              { $cond: [{ $subtract: ['$d', '$d'] }, 'true', 'false'] },
              { $cond: [Long.fromNumber(0), 'true', 'false'] },
              { $cond: [Decimal128.fromString('0.0'), 'true', 'false'] },
              { $cond: ['$m', 'true', 'false'] },
              { $and: ['$i', { $subtract: ['$l', '$l'] }] },
              { $not: [new Double(0)] },
            ],
          },
        },
      ])
      .toArray();
    expect(doc?.['answers']).toEqual(['false', 'false', 'false', 'true', false, true]);
  });
});
