import { databaseRefusal } from '../mongo/refused.js';
import { isDatabaseUnavailable } from '../mongo/unavailable.js';
import { HttpError, PayloadTooLargeError } from './http-errors.js';

/** What the error handler knows about a thrown value once it has been sorted. */
export interface ClassifiedError {
  /** HTTP status to answer with. */
  status: number;
  /** Message safe to show the client for 4xx; for 5xx the original message, for logs only. */
  message: string;
  /** False for failures the client did not cause: they are logged with their stack. */
  expected: boolean;
  /**
   * True when the database could not be reached: a 500 the client did not cause, but not a bug
   * either, so the error handler counts it in the outage summary instead of logging its stack.
   */
  unavailable?: boolean;
  /** The thrown value itself, so a renderer can recognise its own error classes. */
  cause: unknown;
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
 * Sorts anything thrown (an Error, a string, null, a plain object) into a status and message,
 * changing nothing else (the error handler does the counting and logging).
 * Errors from Express and body-parser carry a 4xx status: malformed JSON (400), a body over the
 * limit (413), an unsupported charset (415), a path whose percent-encoding is broken (400, with no
 * `expose` flag). Those are the client's fault and keep their status and message.
 */
export function classifyError(thrown: unknown): ClassifiedError {
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
  const refusal = databaseRefusal(thrown);
  if (refusal !== undefined) return { ...refusal, expected: true, cause: thrown };
  if (isDatabaseUnavailable(thrown)) {
    const message = thrown instanceof Error ? thrown.message : 'database unavailable';
    return { status: 500, message, expected: false, unavailable: true, cause: thrown };
  }
  const message =
    thrown instanceof Error
      ? thrown.message
      : isObject(thrown) && typeof thrown.message === 'string'
        ? thrown.message
        : String(thrown);
  return { status: 500, message, expected: false, cause: thrown };
}

/** True when the thrown value is body-parser's report of a body that is not valid JSON. */
export function isMalformedJsonError(thrown: unknown): boolean {
  return isObject(thrown) && thrown.type === 'entity.parse.failed';
}
