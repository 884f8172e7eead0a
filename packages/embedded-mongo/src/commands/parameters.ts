import type { Document } from 'bson';
import { MongoCommandError } from '../errors.js';
import type { ParameterName } from '../parameters.js';
import type { CommandHandler } from './context.js';
import { GENERIC_ARGUMENTS } from './create-options.js';

function adminOnly(command: string, db: string): void {
  if (db !== 'admin') {
    throw new MongoCommandError(
      'Unauthorized',
      `${command} may only be run against the admin database.`,
    );
  }
}

/** The fields of a command that name parameters (everything but the command and generic arguments). */
function parameterFields(cmd: Document, command: string): Array<[string, unknown]> {
  return Object.entries(cmd).filter(
    ([key]) => key !== command && !key.startsWith('$') && !GENERIC_ARGUMENTS.has(key),
  );
}

/** `{ setParameter: 1, <name>: <value> }`: answers the previous value as `was`. */
export const setParameter: CommandHandler = (cmd, db, ctx) => {
  adminOnly('setParameter', db);
  const fields = parameterFields(cmd, 'setParameter');
  if (fields.length === 0) {
    throw new MongoCommandError(
      'InvalidOptions',
      'no option found to set, use help:true to see options ',
    );
  }
  const reply: Document = {};
  for (const [name, value] of fields) {
    const was = ctx.parameters.set(name, value);
    if (!('was' in reply)) reply['was'] = was;
  }
  reply['ok'] = 1;
  return reply;
};

/**
 * `{ getParameter: 1, <name>: 1 }` answers the named parameters; `getParameter: '*'` or
 * `{ allParameters: true }` all of them; `{ showDetails: true }` each with where it can be set.
 */
export const getParameter: CommandHandler = (cmd, db, ctx) => {
  adminOnly('getParameter', db);
  const arg: unknown = cmd['getParameter'];
  const options: Document = typeof arg === 'object' && arg !== null ? (arg as Document) : {};
  const all = arg === '*' || options['allParameters'] === true;
  const values = ctx.parameters.all();
  const names = all
    ? (Object.keys(values) as ParameterName[])
    : parameterFields(cmd, 'getParameter')
        .map(([name]) => name)
        .filter((name): name is ParameterName => ctx.parameters.has(name));
  if (names.length === 0) throw new MongoCommandError('InvalidOptions', 'no option found to get');
  const reply: Document = {};
  for (const name of names) {
    reply[name] =
      options['showDetails'] === true
        ? { value: values[name], settableAtRuntime: true, settableAtStartup: true }
        : values[name];
  }
  reply['ok'] = 1;
  return reply;
};
