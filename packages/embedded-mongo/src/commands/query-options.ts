import type { Document } from 'bson';
import { evaluateLet } from '../engine/let-variables.js';
import type { QueryOptions } from '../engine/query.js';
import { MongoCommandError } from '../errors.js';
import { parseCollation } from '../values/collation.js';

/**
 * A command's `let` variables and `collation`, checked and ready for the query engine. Only the
 * commands that use them pay for reading them: without either option this is two field reads.
 */
export function queryOptionsOf(cmd: Document, command: string): QueryOptions {
  const variables = evaluateLet(cmd['let'], command);
  const collation = parseCollation(cmd['collation']);
  return { variables, collation };
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
  return { collation: parseCollation(cmd['collation']) };
}
