import { BSON, type Document } from 'bson';
import { MongoCommandError } from '../errors.js';
import { MAX_BSON_OBJECT_SIZE } from '../wire/protocol.js';

/**
 * MongoDB's limit on a stored document (16 MiB), with the error each write path reports when a
 * document would pass it. Nothing is stored when one is raised.
 */

/** A document of an `insert` command, measured as it arrived (before an `_id` is added). */
export function assertInsertSize(doc: Document): void {
  const size = BSON.calculateObjectSize(doc);
  if (size > MAX_BSON_OBJECT_SIZE) {
    throw new MongoCommandError(
      'BadValue',
      `object to insert too large. size in bytes: ${size}, max size: ${MAX_BSON_OBJECT_SIZE}`,
    );
  }
}

/** The document an update (or replacement) produced from an existing one. */
export function assertUpdatedSize(doc: Document): void {
  if (BSON.calculateObjectSize(doc) > MAX_BSON_OBJECT_SIZE) {
    throw new MongoCommandError(
      'Location17419',
      `Resulting document after update is larger than ${MAX_BSON_OBJECT_SIZE}`,
    );
  }
}

/** The document an upsert is about to insert. */
export function assertUpsertSize(doc: Document): void {
  if (BSON.calculateObjectSize(doc) > MAX_BSON_OBJECT_SIZE) {
    throw new MongoCommandError(
      'Location17420',
      `Document to upsert is larger than ${MAX_BSON_OBJECT_SIZE}`,
    );
  }
}

/**
 * A document larger than 16 MiB can only be in a message larger than that, so an insert command
 * measures its documents only when its message was (which keeps ordinary inserts free of it).
 */
export function mayHoldOversizedDocument(messageBytes: number): boolean {
  return messageBytes > MAX_BSON_OBJECT_SIZE;
}
