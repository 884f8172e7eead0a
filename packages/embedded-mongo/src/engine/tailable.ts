import type { Document } from 'bson';
import { MongoCommandError } from '../errors.js';
import { CappedCollection } from './capped.js';
import type { Collection } from './collection.js';
import { compileFilter, type QueryOptions } from './query.js';

/**
 * A tailable cursor's source. Unlike a plain iterator it is never finished for good: after it has
 * answered `done`, documents inserted later are returned by the next call, in insertion order.
 * If the last document it returned has been removed to make room, the position is lost, as in
 * MongoDB.
 */
class TailingSource implements Iterator<Document> {
  readonly #coll: CappedCollection;
  readonly #test: (doc: Document) => boolean;
  #position: string | undefined;

  constructor(coll: CappedCollection, test: (doc: Document) => boolean) {
    this.#coll = coll;
    this.#test = test;
  }

  next(): IteratorResult<Document> {
    let passed = this.#position === undefined;
    for (const [key, doc] of this.#coll.docs) {
      if (!passed) {
        passed = key === this.#position;
        continue;
      }
      this.#position = key;
      if (this.#test(doc)) return { done: false, value: doc };
    }
    if (!passed) {
      throw new MongoCommandError(
        'CappedPositionLost',
        'CollectionScan died due to position in capped collection being deleted.',
      );
    }
    return { done: true, value: undefined };
  }
}

function hasNonNaturalSort(sort: Document | undefined): boolean {
  if (!sort) return false;
  return Object.entries(sort).some(([k, v]) => k !== '$natural' || v !== 1);
}

/** `find`'s tailing options: `awaitData` only makes sense on a tailable cursor. */
export function tailingOptions(cmd: Document): { tailable: boolean; awaitData: boolean } {
  const tailable = cmd['tailable'] === true;
  const awaitData = cmd['awaitData'] === true;
  if (awaitData && !tailable) {
    throw new MongoCommandError(
      'FailedToParse',
      "Cannot set 'awaitData' without also setting 'tailable'",
    );
  }
  return { tailable, awaitData };
}

/** The source of `find` with `tailable: true`: only a capped collection can be tailed. */
export function tailableFind(
  coll: Collection | undefined,
  filter: Document,
  sort: Document | undefined,
  options?: QueryOptions,
): Iterator<Document> {
  if (hasNonNaturalSort(sort)) {
    throw new MongoCommandError(
      'BadValue',
      'cannot use tailable option with a sort other than {$natural: 1}',
    );
  }
  if (!(coll instanceof CappedCollection)) {
    throw new MongoCommandError('BadValue', 'tailable cursor requested on non capped collection');
  }
  const query = Object.keys(filter).length > 0 ? compileFilter(filter, options) : undefined;
  return new TailingSource(coll, query ? (doc) => query.test(doc) : () => true);
}
