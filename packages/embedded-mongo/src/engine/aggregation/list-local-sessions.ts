import { createHash } from 'node:crypto';
import { Binary, type Document } from 'bson';
import { MongoCommandError } from '../../errors.js';
import { isPlainObject } from '../../values/types.js';
import { typeName } from './operands.js';
import { checkFields } from './write-target.js';

/** The user digest of sessions started without authentication: SHA-256 of nothing. */
const NO_AUTH_DIGEST = new Binary(createHash('sha256').digest(), 0);

function wantsUnauthenticatedUser(spec: Document): boolean {
  const allUsers: unknown = spec['allUsers'];
  const users: unknown = spec['users'];
  if (allUsers !== undefined && typeof allUsers !== 'boolean') {
    throw new MongoCommandError(
      'TypeMismatch',
      `BSON field '$listLocalSessions.allUsers' is the wrong type '${typeName(allUsers)}', expected type 'bool'`,
    );
  }
  if (users !== undefined && !Array.isArray(users)) {
    throw new MongoCommandError(
      'TypeMismatch',
      `BSON field '$listLocalSessions.users' is the wrong type '${typeName(users)}', expected type 'array'`,
    );
  }
  const listed = (users as unknown[] | undefined) ?? [];
  if (allUsers === true && listed.length > 0) {
    throw new MongoCommandError(
      'UnsupportedFormat',
      '$listLocalSessions may not specify {allUsers:true} and {users:[...]} at the same time',
    );
  }
  if (allUsers === true || listed.length === 0) return true;
  return listed.some((u) => isPlainObject(u) && u['user'] === '' && u['db'] === '');
}

/**
 * `$listLocalSessions`: the sessions this server knows for the calling user. The server keeps no
 * session cache, but MongoDB's holds at least the session of the command that asks, so that one
 * is listed (as `{ _id: { id, uid }, lastUse }`, the user digest being the unauthenticated one).
 * The stage becomes a `$documents` of those records; it is valid only first, in `{aggregate: 1}`.
 */
export function withLocalSessions(
  cmd: Document,
  pipeline: Document[],
  collectionless: boolean,
): Document[] {
  const at = pipeline.findIndex((stage) => Object.hasOwn(stage, '$listLocalSessions'));
  if (at < 0) return pipeline;
  if (at !== 0) {
    throw new MongoCommandError(
      'Location40602',
      '$listLocalSessions is only valid as the first stage in a pipeline',
    );
  }
  if (!collectionless) {
    throw new MongoCommandError(
      'InvalidNamespace',
      '$listLocalSessions must be run against the database with {aggregate: 1}, not a collection',
    );
  }
  const spec: unknown = (pipeline[0] as Document)['$listLocalSessions'];
  if (!isPlainObject(spec)) {
    throw new MongoCommandError(
      'TypeMismatch',
      `$listLocalSessions options must be specified in an object, but found: ${typeName(spec)}`,
    );
  }
  checkFields('$listLocalSessions', spec, ['allUsers', 'users']);
  const listsCaller = wantsUnauthenticatedUser(spec);
  const lsid: unknown = cmd['lsid'];
  const sessions =
    listsCaller && isPlainObject(lsid) && lsid['id'] !== undefined
      ? [{ _id: { id: lsid['id'] as unknown, uid: NO_AUTH_DIGEST }, lastUse: new Date() }]
      : [];
  return [{ $documents: sessions }, ...pipeline.slice(1)];
}
