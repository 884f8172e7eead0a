import type { Document } from 'bson';

/** Error codes and names as MongoDB reports them, so drivers map them to the same exceptions. */
export const ErrorCodes = {
  BadValue: 2,
  FailedToParse: 9,
  Unauthorized: 13,
  TypeMismatch: 14,
  PathNotViable: 28,
  ConflictingUpdateOperators: 40,
  EmptyFieldName: 56,
  IllegalOperation: 20,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  CursorNotFound: 43,
  NamespaceExists: 48,
  CommandNotFound: 59,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  CommandNotSupported: 115,
  ImmutableField: 66,
  InvalidIdField: 53,
  NoSuchKey: 4,
  Location40352: 40352,
  DuplicateKey: 11000,
  MessageTooLarge: 10334,
  OperationNotSupportedInTransaction: 263,
  AuthenticationFailed: 18,
  Location40323: 40323,
  Location15976: 15976,
  Location40573: 40573,
  IncompatibleCollationVersion: 161,
  AmbiguousIndexKeyPattern: 181,
  Location40415: 40415,
  Location17276: 17276,
  Location4890500: 4890500,
  Location4738901: 4738901,
  Location51024: 51024,
} as const;

export type ErrorCodeName = keyof typeof ErrorCodes;

export class MongoCommandError extends Error {
  readonly code: number;
  readonly codeName: string;
  readonly extra: Document;

  constructor(codeName: ErrorCodeName, message: string, extra: Document = {}) {
    super(message);
    this.code = ErrorCodes[codeName];
    this.codeName = codeName;
    this.extra = extra;
  }

  toReply(): Document {
    return { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.extra };
  }
}

/** Turns anything thrown while running a command into MongoDB's error reply shape. */
export function errorReply(err: unknown): Document {
  if (err instanceof MongoCommandError) return err.toReply();
  const message = err instanceof Error ? err.message : String(err);
  // Query and update operators report invalid input by throwing plain errors; BadValue is what MongoDB uses.
  return { ok: 0, errmsg: message, code: ErrorCodes.BadValue, codeName: 'BadValue' };
}
