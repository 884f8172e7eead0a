import type { Document } from 'bson';
import { evaluateLet } from '../engine/let-variables.js';
import type { QueryOptions } from '../engine/query.js';
import { MongoCommandError } from '../errors.js';
import { parseCollation } from '../values/collation.js';
import { isPlainObject } from '../bson.js';

/**
 * A command's `let` variables and `collation`, checked and ready for the query engine. Only the
 * commands that use them pay for reading them: without either option this is two field reads.
 */
export function queryOptionsOf(cmd: Document, command: string): QueryOptions {
  const variables = evaluateLet(cmd['let'], command);
  const collation = parseCollation(cmd['collation']);
  const natural = naturalHint(cmd['hint']);
  return natural ? { variables, collation, natural } : { variables, collation };
}

/**
 * The direction of a `{ $natural: 1 | -1 }` hint, which asks for a collection scan. Other hints
 * (an index name or key pattern) are accepted and left to the planner.
 */
function naturalHint(hint: unknown): 1 | -1 | undefined {
  if (!isPlainObject(hint) || Object.keys(hint).length !== 1) return undefined;
  const direction: unknown = hint['$natural'];
  if (direction === 1 || direction === -1) return direction;
  return undefined;
}

/** A write statement's options: the command's `let` variables with the statement's own collation. */
export function statementOptions(variables: Document | undefined, stmt: Document): QueryOptions {
  return { variables, collation: parseCollation(stmt['collation']) };
}

/** The `collation` of a command that takes no `let` (count, distinct): 7.0 refuses the field there. */
export function collationOptionOf(cmd: Document, command: string): QueryOptions {
  if (cmd['let'] !== undefined) {
    throw new MongoCommandError(
      'Location40415',
      `BSON field '${command}.let' is an unknown field.`,
    );
  }
  const collation = parseCollation(cmd['collation']);
  const natural = naturalHint(cmd['hint']);
  return natural ? { collation, natural } : { collation };
}
