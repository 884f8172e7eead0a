import { MongoNetworkTimeoutError, type Db } from 'mongodb';

/** Cursor methods that wait for the database; the others only build the query. */
const CURSOR_WAITS = new Set(['toArray', 'next', 'hasNext', 'tryNext', 'close']);
/** Collection methods that hand back a cursor instead of a promise. */
const CURSOR_MAKERS = new Set(['find', 'aggregate', 'listIndexes', 'listSearchIndexes']);

function isPromise(value: unknown): value is Promise<unknown> {
  return value instanceof Promise;
}

function bounded<T>(operation: Promise<T>, deadlineMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new MongoNetworkTimeoutError(
            `the database did not answer within ${deadlineMs} ms (MONGODB_OPERATION_TIMEOUT_MS)`,
          ),
        ),
      deadlineMs,
    );
  });
  // The operation may still settle later; its outcome is then ignored, not unhandled.
  operation.catch(() => undefined);
  return Promise.race([operation, late]).finally(() => clearTimeout(timer));
}

/** `target` with each method in `wraps` returning what `wrap` makes of its result. */
function wrapMethods<T extends object>(
  target: T,
  wrap: (name: string, result: unknown, self: T) => unknown,
): T {
  const proxy: T = new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== 'function') return value;
      // Symbol-keyed methods (async iteration) run on the object itself, as documented above.
      if (typeof property !== 'string') return value.bind(object) as unknown;
      return (...args: unknown[]) => {
        const result: unknown = Reflect.apply(value, object, args);
        // Builder methods return the object itself: keep handing out the wrapped one.
        return result === object ? proxy : wrap(property, result, proxy);
      };
    },
  });
  return proxy;
}

function boundedCursor<C extends object>(cursor: C, deadlineMs: number): C {
  return wrapMethods(cursor, (name, result) =>
    CURSOR_WAITS.has(name) && isPromise(result) ? bounded(result, deadlineMs) : result,
  );
}

/**
 * The database with a deadline on every operation a request awaits: each promise a collection
 * or one of its cursors returns fails with a network timeout (the same failure as a stalled
 * socket) once `deadlineMs` has passed. The driver's own deadlines (`operationDeadlines`) end
 * almost every operation sooner; this one is the guarantee, for the rare operation the driver
 * leaves waiting when its connections are reset under it. Streaming a cursor with `for await`
 * is not bounded here (a stream answers as it goes; its socket deadline still applies).
 */
export function withOperationDeadline(db: Db, deadlineMs: number): Db {
  return wrapMethods(db, (name, result) => {
    if (name !== 'collection' || typeof result !== 'object' || result === null) {
      return isPromise(result) ? bounded(result, deadlineMs) : result;
    }
    return wrapMethods(result, (method, returned) => {
      if (isPromise(returned)) return bounded(returned, deadlineMs);
      if (CURSOR_MAKERS.has(method) && typeof returned === 'object' && returned !== null) {
        return boundedCursor(returned, deadlineMs);
      }
      return returned;
    });
  });
}
