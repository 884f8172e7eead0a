import { BSON, MongoServerError } from 'mongodb';

/** The answer to a request whose own content the database refused. */
export interface DatabaseRefusal {
  status: number;
  message: string;
}

const UNSTORABLE: DatabaseRefusal = {
  status: 400,
  message: 'the request holds a value the database cannot store',
};
const TOO_LARGE: DatabaseRefusal = {
  status: 413,
  message: 'the request would make a document larger than the database can store',
};

/**
 * The server's codes for a write refused for what it holds: nesting too deep (Overflow), a key
 * MongoDB reads as an operator or a path, an empty key, a document over 16 MB before or after an
 * update. No service lets a client choose a unique key, so a duplicate key (11000) stays a bug.
 */
const REFUSED_CODES = new Map<number, DatabaseRefusal>([
  [15, UNSTORABLE],
  [52, UNSTORABLE],
  [56, UNSTORABLE],
  [57, UNSTORABLE],
  [10334, TOO_LARGE],
  [17419, TOO_LARGE],
]);

/**
 * The 4xx for a database error the request caused, or undefined for any other error. The driver
 * refuses before sending what BSON cannot encode (a key holding NUL); the server refuses the
 * codes above. Such a failure says nothing about the database's health: it is neither an outage
 * nor a bug of the service.
 */
export function databaseRefusal(thrown: unknown): DatabaseRefusal | undefined {
  if (BSON.BSONError.isBSONError(thrown)) return UNSTORABLE;
  if (thrown instanceof MongoServerError && typeof thrown.code === 'number') {
    return REFUSED_CODES.get(thrown.code);
  }
  return undefined;
}
