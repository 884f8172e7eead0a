import { Long, type Document } from 'bson';
import { isPlainObject } from '../bson.js';
import type { CursorManager } from '../engine/cursors.js';
import type { Engine } from '../engine/engine.js';
import { MongoCommandError } from '../errors.js';
import type { ServerParameters } from '../parameters.js';

export interface CommandContext {
  engine: Engine;
  cursors: CursorManager;
  parameters: ServerParameters;
  connectionId: number;
  /** Size of the message being run: only a large one can hold a document over the size limit. */
  messageBytes?: number;
}

export type CommandHandler = (cmd: Document, db: string, ctx: CommandContext) => Document;

export function asNumber(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return value;
  if (value instanceof Long) return value.toNumber();
  if (typeof value === 'bigint') return Number(value);
  throw new MongoCommandError(
    'TypeMismatch',
    `BSON field '${field}' is the wrong type, expected a number`,
  );
}

export function asDocument(value: unknown, field: string): Document | undefined {
  if (value === undefined || value === null) return undefined;
  if (isPlainObject(value)) return value;
  throw new MongoCommandError(
    'TypeMismatch',
    `BSON field '${field}' is the wrong type, expected an object`,
  );
}

export function asDocumentArray(value: unknown, field: string): Document[] {
  if (!Array.isArray(value))
    throw new MongoCommandError(
      'TypeMismatch',
      `BSON field '${field}' is the wrong type, expected an array`,
    );
  return value.map((v, i) => {
    if (!isPlainObject(v))
      throw new MongoCommandError(
        'TypeMismatch',
        `BSON field '${field}.${i}' is the wrong type, expected an object`,
      );
    return v;
  });
}

/** The collection named by the command's first field, e.g. `{ find: "users" }`. */
export function collectionName(cmd: Document, command: string): string {
  const name: unknown = cmd[command];
  if (typeof name !== 'string' || name.length === 0) {
    throw new MongoCommandError(
      'InvalidNamespace',
      `collection name has invalid type ${typeof name}`,
    );
  }
  return name;
}

export function cursorId(value: unknown): bigint {
  if (value instanceof Long) return value.toBigInt();
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  if (typeof value === 'bigint') return value;
  throw new MongoCommandError('TypeMismatch', 'cursor id must be a 64-bit integer');
}
