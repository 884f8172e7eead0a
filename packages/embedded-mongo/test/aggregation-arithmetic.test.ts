import { Decimal128, Double, Int32, Long, type Document } from 'mongodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';
import { evaluate, typed } from './aggregation-values.js';
import { serverError, type AnyDocument } from './support.js';

/** One document with a value of each numeric BSON type (and a date and a string). */
const VALUES: AnyDocument = {
  _id: 1,
  i: new Int32(2),
  l: Long.fromNumber(3),
  d: 1.5,
  dd: new Double(4),
  m: Decimal128.fromString('5.5'),
  s: 'x',
  at: new Date(1000),
};

describe('aggregation arithmetic keeps MongoDB result types', () => {
  const t = useTestDatabase('agg_arith');
  const values = () => t.db.collection<AnyDocument>('values');
  const result = async (expr: Document) => typed(await evaluate(values(), expr));

  beforeAll(async () => {
    await values().insertOne(VALUES);
  });

  it.each([
    ['int + int', { $add: ['$i', '$i'] }, ['int', '4']],
    ['int + long', { $add: ['$i', '$l'] }, ['long', '5']],
    ['int + double', { $add: ['$i', '$d'] }, ['double', '3.5']],
    ['int + integral double', { $add: ['$i', '$dd'] }, ['double', '6']],
    ['int + decimal', { $add: ['$i', '$m'] }, ['decimal', '7.5']],
    ['int32 overflow', { $add: [new Int32(2147483647), new Int32(1)] }, ['long', '2147483648']],
    [
      'int64 overflow',
      { $add: [Long.MAX_VALUE, Long.fromNumber(1)] },
      ['double', '9223372036854776000'],
    ],
    ['null operand', { $add: ['$i', null] }, ['null', 'null']],
    ['missing operand', { $add: ['$i', '$nothing'] }, ['null', 'null']],
  ])('when $add has %s, then the result is %j', async (_case, expr, expected) => {
    expect(await result(expr)).toEqual(expected);
  });

  it('when $add has a date, then numbers add milliseconds (a double rounded) and the result is a date', async () => {
    expect(await result({ $add: ['$at', '$i'] })).toEqual(['date', '1970-01-01T00:00:01.002Z']);
    expect(await result({ $add: [1.5, '$at'] })).toEqual(['date', '1970-01-01T00:00:01.002Z']);
  });

  it('when $add has two dates, then it fails with 16612', async () => {
    const error = await serverError(
      values()
        .aggregate([{ $project: { r: { $add: ['$at', '$at'] } } }])
        .toArray(),
    );
    expect(error.code).toBe(16612);
    expect(error.message).toBe('only one date allowed in an $add expression');
  });

  it('when $add has a string, then it fails with TypeMismatch (14) naming the type', async () => {
    const error = await serverError(
      values()
        .aggregate([{ $project: { r: { $add: ['$i', '$s'] } } }])
        .toArray(),
    );
    expect(error.code).toBe(14);
    expect(error.message).toBe('$add only supports numeric or date types, not string');
  });

  it.each([
    ['long - int', { $subtract: ['$l', '$i'] }, ['long', '1']],
    ['int - double', { $subtract: ['$i', '$d'] }, ['double', '0.5']],
    ['decimal - int', { $subtract: ['$m', '$i'] }, ['decimal', '3.5']],
    ['date - date', { $subtract: ['$at', '$at'] }, ['long', '0']],
    ['date - number', { $subtract: ['$at', 500] }, ['date', '1970-01-01T00:00:00.500Z']],
  ])('when $subtract is %s, then the result is %j', async (_case, expr, expected) => {
    expect(await result(expr)).toEqual(expected);
  });

  it('when $subtract takes a date from a number, then it fails with TypeMismatch (14)', async () => {
    const error = await serverError(
      values()
        .aggregate([{ $project: { r: { $subtract: ['$i', '$at'] } } }])
        .toArray(),
    );
    expect(error.code).toBe(14);
  });

  it.each([
    ['int * int', { $multiply: ['$i', '$i'] }, ['int', '4']],
    ['int32 overflow', { $multiply: [65536, 65536] }, ['long', '4294967296']],
    ['int * double', { $multiply: ['$i', '$d'] }, ['double', '3']],
    ['decimal * int', { $multiply: ['$m', '$i'] }, ['decimal', '11.0']],
    ['int / int', { $divide: [new Int32(4), new Int32(2)] }, ['double', '2']],
    ['decimal / int', { $divide: ['$m', '$i'] }, ['decimal', '2.75']],
    ['int mod int', { $mod: [7, 3] }, ['int', '1']],
    ['long mod int', { $mod: ['$l', '$i'] }, ['long', '1']],
    ['double mod int', { $mod: [7.5, 2] }, ['double', '1.5']],
    ['decimal mod int', { $mod: ['$m', '$i'] }, ['decimal', '1.5']],
  ])('when the operation is %s, then the result is %j', async (_case, expr, expected) => {
    expect(await result(expr)).toEqual(expected);
  });

  it('when $divide or $mod divides by zero, then they fail with MongoDB codes (2, 16610)', async () => {
    const divide = await serverError(
      values()
        .aggregate([{ $project: { r: { $divide: [1, 0] } } }])
        .toArray(),
    );
    expect(divide.code).toBe(2);
    expect(divide.message).toBe("can't $divide by zero");
    const mod = await serverError(
      values()
        .aggregate([{ $project: { r: { $mod: [1, 0] } } }])
        .toArray(),
    );
    expect(mod.code).toBe(16610);
  });

  it.each([
    ['$abs of int32 min', { $abs: new Int32(-2147483648) }, ['long', '2147483648']],
    ['$abs of long', { $abs: Long.fromNumber(-3) }, ['long', '3']],
    ['$ceil of double', { $ceil: 1.2 }, ['double', '2']],
    ['$floor of decimal', { $floor: '$m' }, ['decimal', '5']],
    ['$ceil of int', { $ceil: '$i' }, ['int', '2']],
    ['$round half to even (2.5)', { $round: [2.5, 0] }, ['double', '2']],
    ['$round half to even (3.5)', { $round: [3.5] }, ['double', '4']],
    ['$round of decimal', { $round: ['$m', 0] }, ['decimal', '6']],
    ['$round of int to hundreds', { $round: [new Int32(1250), -2] }, ['int', '1200']],
    ['$trunc to a place', { $trunc: [1.99, 1] }, ['double', '1.9']],
    ['$pow of ints', { $pow: [2, 10] }, ['int', '1024']],
    ['$pow beyond int32', { $pow: [2, 40] }, ['long', '1099511627776']],
    ['$pow with a negative exponent', { $pow: [2, -1] }, ['double', '0.5']],
    ['$sqrt', { $sqrt: 16 }, ['double', '4']],
    ['$exp', { $exp: 0 }, ['double', '1']],
    ['$ln', { $ln: 1 }, ['double', '0']],
    ['$log', { $log: [100, 10] }, ['double', '2']],
    ['$log10', { $log10: 1000 }, ['double', '3']],
  ])('when the operation is %s, then the result is %j', async (_case, expr, expected) => {
    expect(await result(expr)).toEqual(expected);
  });

  it('when $pow has a decimal operand, then the power is a decimal', async () => {
    const [type, text] = await result({ $pow: ['$m', 2] });
    expect(type).toBe('decimal');
    expect(Number(text)).toBe(30.25);
  });

  it.each([
    [{ $sqrt: -1 }, 28714, "$sqrt's argument must be greater than or equal to 0"],
    [{ $ln: -1 }, 28766, "$ln's argument must be a positive number, but is -1"],
    [{ $log10: 0 }, 28761, "$log10's argument must be a positive number, but is 0"],
    [{ $pow: [0, -1] }, 28764, '$pow cannot take a base of 0 and a negative exponent'],
    [{ $abs: 'x' }, 28765, '$abs only supports numeric types, not string'],
    [
      { $subtract: [1] },
      16020,
      'Expression $subtract takes exactly 2 arguments. 1 were passed in.',
    ],
  ])('when %j has no answer, then it fails with %d', async (expr, code, message) => {
    const error = await serverError(
      values()
        .aggregate([{ $project: { r: expr } }])
        .toArray(),
    );
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
  });

  it('when a pipeline update computes a field, then the stored value has the computed type', async () => {
    await values().updateOne({ _id: 1 }, [{ $set: { sum: { $add: ['$l', '$i'] } } }]);
    const stored = await values().findOne({ _id: 1 }, { promoteValues: false });
    expect(typed(stored?.['sum'])).toEqual(['long', '5']);
  });
});
