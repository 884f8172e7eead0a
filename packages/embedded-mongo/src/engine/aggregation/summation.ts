import type { Decimal128 } from 'bson';
import { Long } from 'bson';
import { arithmetic, divide, doubleValue, numericKind, toDouble } from '../../values/numbers.js';
import type { NumericKind } from '../../values/numbers.js';
import {
  decimalOf,
  decimalOfDouble34,
  fitsInt64,
  integerOf,
  intOrLong,
  widerKind,
} from './numeric.js';

/**
 * A compensated sum of doubles: the rounded total and the rounding error it has lost so far,
 * each a double (Dekker's Fast2Sum and Møller-Knuth's 2Sum). This is how MongoDB adds up `$sum`
 * and `$avg`, so their results match its to the last bit: exact for int32 and int64 values
 * while the total stays under 2^106, and `0.1` ten times is 1.
 */
export class CompensatedSum {
  #sum = 0;
  #error = 0;
  /** A plain sum, answered when infinities of both signs turn the compensated one into NaN. */
  #plain = 0;

  addDouble(x: number): void {
    this.#plain += x;
    // Fold x into the error term first (the error is the smaller of the two)...
    const folded = x + this.#error;
    const lostFromError = this.#error - (folded - x);
    // ...then add the result to the total, keeping what that rounding drops.
    const total = this.#sum + folded;
    const sumPart = total - folded;
    const foldedPart = total - sumPart;
    const dropped = this.#sum - sumPart + (folded - foldedPart);
    this.#sum = total;
    this.#error = lostFromError + dropped;
  }

  /** An int64 split into two halves that doubles hold exactly, so the sum stays exact. */
  addInteger(x: bigint): void {
    const high = (x / 2n ** 32n) * 2n ** 32n;
    this.addDouble(Number(x - high));
    this.addDouble(Number(high));
  }

  get double(): number {
    return Number.isNaN(this.#sum) ? this.#plain : this.#sum;
  }

  /** The exact total when only integers were added. */
  get integer(): bigint {
    return BigInt(this.#sum) + BigInt(this.#error);
  }

  /** The total as a decimal: both parts at 34 digits, added as Decimal128 adds. */
  get decimal(): Decimal128 {
    if (!Number.isFinite(this.#sum)) return decimalOfDouble34(this.double);
    return arithmetic(
      'add',
      decimalOfDouble34(this.#sum),
      decimalOfDouble34(this.#error),
    ) as Decimal128;
  }
}

/**
 * The running total of `$sum` and `$avg`: non-numeric values are skipped, the result takes the
 * widest type added (an int32 total that outgrows int32 becomes an int64, one that outgrows
 * int64 a double), decimals are summed apart and joined at the end.
 */
export class NumericTotal {
  #kind: NumericKind = 'int';
  #count = 0;
  readonly #nonDecimal = new CompensatedSum();
  #decimal: Decimal128 | undefined;

  add(value: unknown): void {
    const kind = numericKind(value);
    if (kind === undefined) return;
    this.#kind = widerKind(this.#kind, kind);
    this.#count += 1;
    if (kind === 'decimal') {
      this.#decimal =
        this.#decimal === undefined
          ? (value as Decimal128)
          : (arithmetic('add', this.#decimal, value) as Decimal128);
    } else if (kind === 'long') {
      this.#nonDecimal.addInteger(integerOf(value));
    } else {
      this.#nonDecimal.addDouble(toDouble(value));
    }
  }

  #decimalTotal(): Decimal128 {
    const rest = this.#nonDecimal.decimal;
    return this.#decimal === undefined
      ? rest
      : (arithmetic('add', this.#decimal, rest) as Decimal128);
  }

  sum(): unknown {
    if (this.#kind === 'decimal') return this.#decimalTotal();
    if (this.#kind === 'int' || this.#kind === 'long') {
      const total = this.#nonDecimal.integer;
      if (fitsInt64(total)) return this.#kind === 'int' ? intOrLong(total) : Long.fromBigInt(total);
    }
    return doubleValue(this.#nonDecimal.double);
  }

  average(): unknown {
    if (this.#count === 0) return null;
    if (this.#kind === 'decimal') return divide(this.#decimalTotal(), decimalOf(this.#count));
    return doubleValue(this.#nonDecimal.double / this.#count);
  }
}
