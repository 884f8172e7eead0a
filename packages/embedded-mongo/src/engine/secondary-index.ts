import { ObjectId, type Document } from 'bson';
import { compareValues, typeRank, type StringComparator } from '../values/compare.js';
import { parseCollation, type Collation } from '../values/collation.js';
import type { IndexSpec } from './index-spec.js';
import { documentKeys, type DocumentKeys } from './index-keys.js';
import { SortedEntries, type Position } from './sorted-entries.js';

export interface IndexEntry {
  key: unknown[];
  /** The document's canonical `_id` key, under which the collection holds it. */
  id: string;
  idValue: unknown;
}

/** One end of a range over one field, in value order (ascending BSON order). */
export type Bound =
  | { value: unknown }
  /** Just before (`start`) or just after (`end`) every value of one BSON type rank. */
  | { rank: number; edge: 'start' | 'end' }
  | { infinite: -1 | 1 };

/**
 * Where a scan starts or stops, in index order: a bound per leading field, and the `tail` that
 * stands for every later field (and the `_id` tie-break): `low` sorts before all of them, `high`
 * after. Tuples never equal an entry, so a range is simply the entries strictly between two.
 */
export interface SeekTuple {
  elements: Bound[];
  tail: 'low' | 'high';
}

export interface TupleRange {
  start: SeekTuple;
  end: SeekTuple;
}

function hasPath(value: unknown, parts: readonly string[], at: number): boolean {
  if (at === parts.length) return value !== undefined;
  if (Array.isArray(value)) return value.some((item) => hasPath(item, parts, at));
  if (value === null || typeof value !== 'object') return false;
  return hasPath((value as Document)[parts[at] as string], parts, at + 1);
}

/**
 * An ordered index over documents' keys (every index but `_id_`), used by the planner for
 * equality, ranges and sort. A positional path component (`a.0`) or a partial filter makes the
 * index one the planner never uses, so it is not maintained at all.
 */
export class SecondaryIndex {
  readonly spec: IndexSpec;
  readonly fields: readonly string[];
  readonly directions: ReadonlyArray<1 | -1>;
  readonly collation: Collation | undefined;
  readonly strings: StringComparator | undefined;
  readonly maintained: boolean;
  readonly entries: SortedEntries<IndexEntry>;
  readonly #paths: string[][];
  /** Per field, how many documents reach it through an array. */
  readonly #arrayDocs: number[];

  constructor(spec: IndexSpec) {
    this.spec = spec;
    this.fields = Object.keys(spec.key);
    this.directions = this.fields.map((f) => (Number(spec.key[f]) < 0 ? -1 : 1));
    this.#paths = this.fields.map((f) => f.split('.'));
    this.#arrayDocs = this.fields.map(() => 0);
    this.collation = parseCollation(spec.collation);
    this.strings = this.collation?.compare;
    this.maintained =
      spec.partialFilterExpression === undefined &&
      !this.#paths.some((parts) => parts.some((p) => /^\d+$/.test(p)));
    this.entries = new SortedEntries((a, b) => this.compareEntries(a, b));
  }

  /** Whether a field of the index goes through an array in some document. */
  multikeyField(i: number): boolean {
    return (this.#arrayDocs[i] ?? 0) > 0;
  }

  get multikey(): boolean {
    return this.#arrayDocs.some((n) => n > 0);
  }

  /** The paths through arrays, as explain's `multiKeyPaths` shows them. */
  multiKeyPaths(): Document {
    const out: Document = {};
    this.fields.forEach((field, i) => {
      out[field] = this.multikeyField(i) ? [field] : [];
    });
    return out;
  }

  compareEntries(a: IndexEntry, b: IndexEntry): number {
    for (let i = 0; i < a.key.length; i++) {
      const c = compareValues(a.key[i], b.key[i], this.strings);
      if (c !== 0) return c * (this.directions[i] as number);
    }
    // Equal keys keep `_id` order; the two common `_id` types are told apart without conversions.
    const x = a.idValue;
    const y = b.idValue;
    if (typeof x === 'number' && typeof y === 'number' && x !== y) return x < y ? -1 : 1;
    if (!(x instanceof ObjectId && y instanceof ObjectId)) {
      const byId = compareValues(x, y);
      if (byId !== 0) return byId;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  }

  /** The document's keys, or undefined when it has none here (not maintained, or sparse and absent). */
  keysOf(doc: Document): DocumentKeys | undefined {
    if (!this.maintained) return undefined;
    if (this.spec.sparse && !this.#paths.some((parts) => hasPath(doc, parts, 0))) return undefined;
    return documentKeys(doc, this.#paths, this.fields);
  }

  /** Fills an empty index from a collection's documents, sorting once. */
  build(docs: Iterable<[string, Document]>): void {
    const entries: IndexEntry[] = [];
    for (const [id, doc] of docs) {
      const keys = this.keysOf(doc);
      if (!keys) continue;
      const idValue: unknown = doc['_id'];
      for (const key of keys.tuples) entries.push({ key, id, idValue });
      keys.arrays.forEach((array, i) => {
        if (array) this.#arrayDocs[i] = (this.#arrayDocs[i] ?? 0) + 1;
      });
    }
    this.entries.load(entries);
  }

  add(doc: Document, id: string, keys = this.keysOf(doc)): void {
    if (!keys) return;
    const idValue: unknown = doc['_id'];
    for (const key of keys.tuples) this.entries.insert({ key, id, idValue });
    keys.arrays.forEach((array, i) => {
      if (array) this.#arrayDocs[i] = (this.#arrayDocs[i] ?? 0) + 1;
    });
  }

  remove(doc: Document, id: string): void {
    const keys = this.keysOf(doc);
    if (!keys) return;
    const idValue: unknown = doc['_id'];
    for (const key of keys.tuples) this.entries.remove({ key, id, idValue });
    keys.arrays.forEach((array, i) => {
      if (array) this.#arrayDocs[i] = (this.#arrayDocs[i] ?? 0) - 1;
    });
  }

  /** True when two key sets would be stored identically, so an update can leave the entries alone. */
  sameKeys(a: DocumentKeys | undefined, b: DocumentKeys | undefined): boolean {
    if (!a || !b) return a === b;
    if (a.tuples.length !== b.tuples.length) return false;
    return a.tuples.every((tuple, t) =>
      tuple.every((value, i) => {
        const other = (b.tuples[t] as unknown[])[i];
        return typeRank(value) === typeRank(other) && compareValues(value, other) === 0;
      }),
    );
  }

  /** The sign of an entry's place relative to a seek tuple, in index order (never 0). */
  #side(entry: IndexEntry, tuple: SeekTuple): number {
    const { elements } = tuple;
    for (let i = 0; i < elements.length; i++) {
      const c = boundSide(entry.key[i], elements[i] as Bound, this.strings);
      if (c !== 0) return c * (this.directions[i] as number);
    }
    return tuple.tail === 'low' ? 1 : -1;
  }

  /** How many entries lie in the ranges: the planner's estimate of a scan's cost. */
  countIn(ranges: readonly TupleRange[]): number {
    let n = 0;
    for (const { start, end } of ranges) {
      const from = this.entries.rank(this.entries.seek((e) => this.#side(e, start) > 0));
      const to = this.entries.rank(this.entries.seek((e) => this.#side(e, end) > 0));
      n += Math.max(0, to - from);
    }
    return n;
  }

  /**
   * The entries in the ranges (given in index order), forward or backward. The scan survives
   * writes between two steps (a cursor's batches): when the index has changed it finds its place
   * again just after the last entry it returned.
   */
  *scan(ranges: readonly TupleRange[], backward: boolean): Generator<IndexEntry> {
    const entries = this.entries;
    const ordered = backward ? [...ranges].reverse() : ranges;
    for (const { start, end } of ordered) {
      let pos: Position = backward
        ? entries.previous(entries.seek((e) => this.#side(e, end) > 0))
        : entries.seek((e) => this.#side(e, start) > 0);
      for (;;) {
        const entry = entries.at(pos);
        if (!entry) break;
        if (backward ? this.#side(entry, start) < 0 : this.#side(entry, end) > 0) break;
        const version = entries.version;
        yield entry;
        if (entries.version === version) {
          pos = backward ? entries.previous(pos) : entries.next(pos);
        } else if (backward) {
          pos = entries.previous(entries.seek((e) => this.compareEntries(e, entry) >= 0));
        } else {
          pos = entries.seek((e) => this.compareEntries(e, entry) > 0);
        }
      }
    }
  }
}

/** The sign of a value's place relative to a bound, in value order (0 only for an equal value). */
export function boundSide(value: unknown, bound: Bound, strings?: StringComparator): number {
  if ('value' in bound) return compareValues(value, bound.value, strings);
  if ('rank' in bound) {
    const rank = typeRank(value);
    if (bound.edge === 'start') return rank >= bound.rank ? 1 : -1;
    return rank > bound.rank ? 1 : -1;
  }
  return -bound.infinite;
}
