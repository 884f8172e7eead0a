import type { Document } from 'bson';

/** Error codes and names as MongoDB reports them, so drivers map them to the same exceptions. */
export const ErrorCodes = {
  InternalError: 1,
  BadValue: 2,
  InvalidLength: 16,
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
  CannotCreateIndex: 67,
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
  GraphContainsCycle: 5,
  DollarPrefixedFieldName: 52,
  DocumentValidationFailure: 121,
  NotAReplicaSet: 123,
  CappedPositionLost: 136,
  CommandNotSupportedOnView: 166,
  OptionNotSupportedOnView: 167,
  ViewDepthLimitExceeded: 149,
  CannotIndexParallelArrays: 171,
  CannotConvertIndexToUnique: 359,
  BSONObjectTooLarge: 10334,
  Location17419: 17419,
  Location17420: 17420,
  Location40324: 40324,
  QueryFeatureNotAllowed: 224,
  InvalidIndexSpecificationOption: 197,
  Location5979700: 5979700,
  Location6346402: 6346402,
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
  // Aggregation: expressions, accumulators and stages.
  UnsupportedFormat: 12,
  Overflow: 45,
  ConversionFailure: 241,
  MergeStageNoMatchingDocument: 13113,
  Location15947: 15947,
  Location15952: 15952,
  Location15955: 15955,
  Location16020: 16020,
  Location16610: 16610,
  Location16611: 16611,
  Location16612: 16612,
  Location16990: 16990,
  Location17080: 17080,
  Location17081: 17081,
  Location17082: 17082,
  Location17083: 17083,
  Location17152: 17152,
  Location17385: 17385,
  Location28667: 28667,
  Location28680: 28680,
  Location28714: 28714,
  Location28756: 28756,
  Location28757: 28757,
  Location28758: 28758,
  Location28759: 28759,
  Location28761: 28761,
  Location28762: 28762,
  Location28763: 28763,
  Location28764: 28764,
  Location28765: 28765,
  Location28766: 28766,
  Location31319: 31319,
  Location31320: 31320,
  Location31441: 31441,
  Location31465: 31465,
  Location40081: 40081,
  Location40148: 40148,
  Location40156: 40156,
  Location40157: 40157,
  Location40158: 40158,
  Location40159: 40159,
  Location40160: 40160,
  Location40234: 40234,
  Location40235: 40235,
  Location40236: 40236,
  Location40237: 40237,
  Location40238: 40238,
  Location40414: 40414,
  Location40600: 40600,
  Location40601: 40601,
  Location40602: 40602,
  Location51047: 51047,
  Location51080: 51080,
  Location51081: 51081,
  Location51082: 51082,
  Location51083: 51083,
  Location51132: 51132,
  Location51181: 51181,
  Location51182: 51182,
  Location51183: 51183,
  Location51185: 51185,
  Location51199: 51199,
  Location51273: 51273,
  Location5733415: 5733415,
  // Storage.
  OutOfDiskSpace: 14031,
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
