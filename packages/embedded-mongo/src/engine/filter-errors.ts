import { MongoCommandError } from '../errors.js';

/**
 * MongoDB's error for a filter the query engine refuses to compile, where the engine's own words
 * differ from the server's (drivers and applications match on these messages).
 */
export function filterError(err: unknown): unknown {
  if (err instanceof MongoCommandError || !(err instanceof Error)) return err;
  const unknownOperator = /^unknown query operator (.+)$/.exec(err.message);
  if (unknownOperator) {
    return new MongoCommandError('BadValue', `unknown operator: ${unknownOperator[1] ?? ''}`);
  }
  const unknownTopLevel = /^unknown top level operator: (.+)$/.exec(err.message);
  if (unknownTopLevel) {
    const name = unknownTopLevel[1] ?? '';
    const hint =
      name === '$not'
        ? 'If you are trying to negate an entire expression, use $nor.'
        : "If you have a field name that starts with a '$' symbol, consider using $getField or $setField.";
    return new MongoCommandError('BadValue', `unknown top level operator: ${name}. ${hint}`);
  }
  return err;
}
