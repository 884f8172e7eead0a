import { MongoServerError } from 'mongodb';

/** A test document: a number or string `_id` (or one the server generates), any fields. */
export interface AnyDocument {
  _id?: number | string;
  [field: string]: unknown;
}

/** The server error an operation fails with (the test fails if it succeeds). */
export async function serverError(operation: Promise<unknown>): Promise<MongoServerError> {
  const outcome = await operation.then(
    () => new Error('the operation succeeded'),
    (error: unknown) => error,
  );
  if (!(outcome instanceof MongoServerError)) throw outcome;
  return outcome;
}
