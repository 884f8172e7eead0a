import { MongoNetworkTimeoutError, type Db } from 'mongodb';

/** Cursor methods that wait for the database; the others only build the query. */
const CURSOR_WAITS = new Set(['toArray', 'next', 'hasNext', 'tryNext', 'close']);
/** Collection methods that hand back a cursor instead of a promise. */
const CURSOR_MAKERS = new Set(['find', 'aggregate', 'listIndexes', 'listSearchIndexes']);

function isPromise(value: unknown): value is Promise<unknown> {
  return value instanceof Promise;
}

interface Pending {
  due: number;
  fail: (error: Error) => void;
}

/**
 * Bounds promises by one deadline with one sweeping timer rather than a timer per operation. The
 * sweep runs every twentieth of the deadline and fails a promise at the first sweep past
 * `deadlineMs - sweepMs`, so never later than the deadline.
 */
function deadlineSweeper(
  deadlineMs: number,
  onFailure: (error: unknown) => void,
): <T>(operation: Promise<T>) => Promise<T> {
  const sweepMs = Math.max(5, Math.floor(deadlineMs / 20));
  const pending = new Set<Pending>();
  let timer: NodeJS.Timeout | undefined;
  const sweep = (): void => {
    const now = performance.now();
    for (const entry of pending) {
      if (entry.due > now) continue;
      pending.delete(entry);
      entry.fail(
        new MongoNetworkTimeoutError(
          `the database did not answer within ${deadlineMs} ms (MONGODB_OPERATION_TIMEOUT_MS)`,
        ),
      );
    }
    if (pending.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  return <T>(operation: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const entry: Pending = { due: performance.now() + deadlineMs - sweepMs, fail: reject };
      pending.add(entry);
      timer ??= setInterval(sweep, sweepMs).unref();
      // The operation may still settle after its deadline; its outcome is then ignored.
      operation.then(
        (value) => {
          pending.delete(entry);
          resolve(value);
        },
        (error: unknown) => {
          pending.delete(entry);
          onFailure(error);
          reject(error);
        },
      );
    });
}

/** `target` with each method in `wraps` returning what `wrap` makes of its result. */
function wrapMethods<T extends object>(
  target: T,
  wrap: (name: string, result: unknown, self: T) => unknown,
): T {
  // One wrapper per method, made on first use: a call then allocates nothing of its own.
  const wrappers = new Map<string, { method: unknown; wrapper: unknown }>();
  const proxy: T = new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== 'function') return value;
      // Symbol-keyed methods (async iteration) run on the object itself, unbounded.
      if (typeof property !== 'string') return value.bind(object) as unknown;
      const known = wrappers.get(property);
      if (known !== undefined && known.method === value) return known.wrapper;
      const wrapper = (...args: unknown[]): unknown => {
        const result: unknown = Reflect.apply(value, object, args);
        // Builder methods return the object itself: keep handing out the wrapped one.
        return result === object ? proxy : wrap(property, result, proxy);
      };
      wrappers.set(property, { method: value, wrapper });
      return wrapper;
    },
  });
  return proxy;
}

type Bound = <T>(operation: Promise<T>) => Promise<T>;

function boundedCursor<C extends object>(cursor: C, bound: Bound): C {
  return wrapMethods(cursor, (name, result) =>
    CURSOR_WAITS.has(name) && isPromise(result) ? bound(result) : result,
  );
}

/**
 * The database with a deadline on every promise a collection or its cursors return: a network
 * timeout, as from a stalled socket. The driver's deadlines end almost every operation sooner;
 * this is the guarantee for the rare one left waiting when its connection is reset under it
 * (docs/performance.md). `for await` over a cursor is bounded by its socket deadline alone.
 * `onFailure` sees every error the database answered in time (how readiness learns that it
 * refuses writes).
 */
export function withOperationDeadline(
  db: Db,
  deadlineMs: number,
  onFailure: (error: unknown) => void = () => undefined,
): Db {
  const bound = deadlineSweeper(deadlineMs, onFailure);
  return wrapMethods(db, (name, result) => {
    if (name !== 'collection' || typeof result !== 'object' || result === null) {
      return isPromise(result) ? bound(result) : result;
    }
    return wrapMethods(result, (method, returned) => {
      if (isPromise(returned)) return bound(returned);
      if (CURSOR_MAKERS.has(method) && typeof returned === 'object' && returned !== null) {
        return boundedCursor(returned, bound);
      }
      return returned;
    });
  });
}
