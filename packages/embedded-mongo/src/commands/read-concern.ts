import type { Document } from 'bson';
import { MongoCommandError } from '../errors.js';
import { isPlainObject } from '../values/types.js';

/**
 * The read concerns a standalone refuses, with MongoDB 7.0's errors: `snapshot` and
 * `linearizable` need a replica set, and so does reading at a cluster time.
 */
export function checkReadConcern(cmd: Document): void {
  const readConcern: unknown = cmd['readConcern'];
  if (!isPlainObject(readConcern)) return;
  const level: unknown = readConcern['level'];
  if (level === 'linearizable') {
    throw new MongoCommandError(
      'NotAReplicaSet',
      'node needs to be a replica set member to use read concern',
    );
  }
  if (level === 'snapshot') {
    throw new MongoCommandError(
      'NotAReplicaSet',
      'node needs to be a replica set member to use readConcern: snapshot',
    );
  }
  for (const field of ['afterClusterTime', 'atClusterTime']) {
    if (readConcern[field] !== undefined) {
      throw new MongoCommandError(
        'IllegalOperation',
        `Cannot specify ${field} readConcern without replication enabled`,
      );
    }
  }
}
