import { HttpError, PayloadTooLargeError } from './http-errors.js';

export interface ClassifiedError {
  status: number;
  /** Safe to show the client for a 4xx; for a 5xx, for logs only. */
  message: string;
  /** False for failures the client did not cause: they are logged with their stack. */
  expected: boolean;
  /** The database could not be reached: no bug either, so counted in the outage summary. */
  unavailable?: boolean;
  /** The thrown value, so a renderer can recognise its own error classes. */
  cause: unknown;
}

/**
 * How a database's driver reports failures, so that one the request caused, or an outage, is not
 * taken for a bug (`mongoDatabaseErrors` in `@repo/common/mongo`). A service without a database
 * has none, and never loads a driver to tell its errors apart.
 */
export interface DatabaseErrors {
  /** The 4xx for a failure the request's own content caused, or undefined. */
  refusal: (thrown: unknown) => { status: number; message: string } | undefined;
  /** The database could not be reached in time. */
  isUnavailable: (thrown: unknown) => boolean;
}

interface StatusCarrier {
  status?: unknown;
  statusCode?: unknown;
  type?: unknown;
  message?: unknown;
}

function isObject(value: unknown): value is StatusCarrier {
  return typeof value === 'object' && value !== null;
}

function clientStatusOf(value: StatusCarrier): number | undefined {
  const status = value.status ?? value.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/**
 * Sorts anything thrown into a status and message. Express's and body-parser's errors with a 4xx
 * status (malformed JSON, a body over the limit, an unknown charset, a broken percent-encoding,
 * with or without `expose`) are the client's fault and keep their status and message.
 */
export function classifyError(thrown: unknown, database?: DatabaseErrors): ClassifiedError {
  if (thrown instanceof HttpError) {
    return { status: thrown.status, message: thrown.message, expected: true, cause: thrown };
  }
  if (isObject(thrown)) {
    const status = clientStatusOf(thrown);
    if (status !== undefined && typeof thrown.message === 'string') {
      const message =
        thrown.type === 'entity.too.large' ? new PayloadTooLargeError().message : thrown.message;
      return { status, message, expected: true, cause: thrown };
    }
  }
  const refusal = database?.refusal(thrown);
  if (refusal !== undefined) return { ...refusal, expected: true, cause: thrown };
  if (database?.isUnavailable(thrown) === true) {
    const message = thrown instanceof Error ? thrown.message : 'database unavailable';
    return { status: 500, message, expected: false, unavailable: true, cause: thrown };
  }
  const message =
    isObject(thrown) && typeof thrown.message === 'string' ? thrown.message : String(thrown);
  return { status: 500, message, expected: false, cause: thrown };
}

/** body-parser's report of a body that is not valid JSON. */
export function isMalformedJsonError(thrown: unknown): boolean {
  return isObject(thrown) && thrown.type === 'entity.parse.failed';
}
