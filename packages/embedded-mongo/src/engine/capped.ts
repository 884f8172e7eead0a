import { BSON, Long, type Document } from 'bson';
import { valueKey } from '../bson.js';
import { MongoCommandError } from '../errors.js';
import { Collection, type WriteChecks } from './collection.js';

export interface CappedLimits {
  /** Bytes of BSON the documents may take together. */
  size: number;
  /** How many documents the collection keeps, when set. */
  max: number | undefined;
}

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (value instanceof Long) return value.toNumber();
  return undefined;
}

/** The limits of a capped collection, read from its (already normalised) options. */
export function cappedLimits(options: Document): CappedLimits | undefined {
  if (options['capped'] !== true) return undefined;
  const size = numberOf(options['size']) ?? 0;
  return { size, max: numberOf(options['max']) };
}

const MAX_CAPPED_SIZE = 1024 ** 5;
const MAX_CAPPED_DOCS = 0x7fffffff;

/** MongoDB 7.0 rounds a capped size up to a multiple of 256 bytes. */
export function cappedSize(value: number): number {
  if (value < 0) throw new MongoCommandError('BadValue', 'size has to be >= 0');
  if (value > MAX_CAPPED_SIZE) throw new MongoCommandError('BadValue', 'size cannot exceed 1 PB');
  return Math.ceil(value / 256) * 256;
}

/** A `max` of 0 or less means no limit on the count, which MongoDB records as 2^31 - 1. */
export function cappedMax(value: number): number {
  if (value >= 2 ** 31) {
    throw new MongoCommandError(
      'BadValue',
      'max in a capped collection has to be < 2^31 or not set',
    );
  }
  return value <= 0 ? MAX_CAPPED_DOCS : value;
}

/** Writes a number as MongoDB's catalog does: int32 below 2^30, int64 above. */
export function catalogNumber(value: number): number | Long {
  return Math.abs(value) < 2 ** 30 ? value : Long.fromNumber(value);
}

/**
 * A capped collection: documents stay in insertion order (the order of `docs`), and inserting
 * past `size` bytes or `max` documents removes the oldest ones first.
 */
export class CappedCollection extends Collection {
  #limits: CappedLimits;
  readonly #sizes = new Map<string, number>();
  #bytes = 0;

  constructor(...args: ConstructorParameters<typeof Collection>) {
    super(...args);
    this.#limits = cappedLimits(this.options) ?? { size: 0, max: undefined };
  }

  get limits(): CappedLimits {
    return this.#limits;
  }

  get dataSize(): number {
    return this.#bytes;
  }

  /** New limits apply from the next insert on, as after MongoDB's collMod. */
  setLimits(limits: CappedLimits): void {
    this.#limits = limits;
  }

  #track(doc: Document, size: number): void {
    const id = valueKey(doc['_id']);
    this.#bytes += size - (this.#sizes.get(id) ?? 0);
    this.#sizes.set(id, size);
  }

  override restore(doc: Document): void {
    super.restore(doc);
    this.#track(doc, BSON.calculateObjectSize(doc));
  }

  override insert(doc: Document, checks?: WriteChecks): void {
    const size = BSON.calculateObjectSize(doc);
    if (size > this.#limits.size) {
      throw new MongoCommandError('BadValue', 'object to insert exceeds cappedMaxSize');
    }
    super.insert(doc, checks);
    this.#track(doc, size);
    this.#trim();
  }

  override replace(previous: Document, next: Document, checks?: WriteChecks): void {
    super.replace(previous, next, checks);
    this.#track(next, BSON.calculateObjectSize(next));
  }

  override remove(doc: Document): void {
    super.remove(doc);
    const id = valueKey(doc['_id']);
    this.#bytes -= this.#sizes.get(id) ?? 0;
    this.#sizes.delete(id);
  }

  #trim(): void {
    const { size, max } = this.#limits;
    while (
      this.docs.size > 0 &&
      (this.#bytes > size || (max !== undefined && this.docs.size > max))
    ) {
      const oldest = this.docs.values().next();
      if (oldest.done) return;
      this.remove(oldest.value);
    }
  }
}
