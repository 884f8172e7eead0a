import {
  createServer,
  IncomingMessage,
  ServerResponse,
  type RequestListener,
  type Server,
  type ServerOptions,
} from 'node:http';
import type { RuntimeConfig } from '../config/config.js';
import { REQUEST_HEAD_LIMIT } from '../openapi/limits.js';

/** A constructor whose objects are built by `base` but have `prototype` from the start. */
function bornWith(base: (...args: unknown[]) => void, prototype: object) {
  function AppObject(this: object, ...args: unknown[]): void {
    base.apply(this, args);
  }
  AppObject.prototype = prototype;
  // As `class extends` would: V8 sizes a new object from the fields its constructor chain
  // assigns; without the link a response (some forty fields) falls back to a slow dictionary.
  Object.setPrototypeOf(AppObject, base);
  return AppObject;
}

/**
 * Node's server options that build requests and responses with the app's `request` and
 * `response` prototypes, or undefined when the app has none or Node's constructors refuse them
 * (ES classes, or a getter-only field on the prototypes): one of each is built here first, since
 * either would throw on every request.
 */
function serverClassesFor(app: object) {
  const { request, response } = app as { request?: unknown; response?: unknown };
  if (!(request instanceof IncomingMessage && response instanceof ServerResponse)) return undefined;
  // Node types them as classes; at run time (Node 20 to 24) they are plain functions.
  const AppRequest = bornWith(IncomingMessage as unknown as (...args: unknown[]) => void, request);
  const AppResponse = bornWith(ServerResponse as unknown as (...args: unknown[]) => void, response);
  try {
    const probe: unknown = Reflect.construct(AppRequest, [undefined]);
    Reflect.construct(AppResponse, [probe]);
  } catch {
    return undefined;
  }
  return {
    IncomingMessage: AppRequest as unknown as typeof IncomingMessage,
    ServerResponse: AppResponse as unknown as typeof ServerResponse,
  };
}

/**
 * The HTTP server for an app, whose requests and responses Node builds with an Express app's own
 * prototypes (the documented `IncomingMessage` and `ServerResponse` options). Express otherwise
 * switches each one's prototype in `app.handle`, which sends V8 down slow paths for every later
 * property access: on a cheap route, most of what Express costs (docs/performance.md). With them
 * in place Express's switch finds nothing to change; a mounted sub-app still works, without the
 * gain. Any other listener gets a plain server.
 */
export function createAppServer(
  app: object,
  listener: RequestListener,
  options: ServerOptions = {},
): Server {
  const classes = serverClassesFor(app);
  // The head limit the OpenAPI documents state, whatever Node's flags say.
  return createServer({ maxHeaderSize: REQUEST_HEAD_LIMIT, ...options, ...classes }, listener);
}

/**
 * Node's server options for the HTTP deadlines (`HTTP_*_TIMEOUT_MS`). Node checks the first two
 * only every `connectionsCheckingInterval` (30 s by default), which would let a slow client
 * overstay by that much: here the check runs at least every second (it is cheap).
 */
export function deadlineOptions(runtime: RuntimeConfig): ServerOptions {
  return {
    headersTimeout: runtime.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeout: runtime.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: runtime.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    connectionsCheckingInterval: Math.max(
      50,
      Math.min(1_000, Math.floor(runtime.HTTP_HEADERS_TIMEOUT_MS / 4)),
    ),
  };
}

/**
 * Cuts off a connection on which nothing moved for `HTTP_SEND_TIMEOUT_MS`, as nginx's
 * `send_timeout` does: above all a client that stops reading its answer, which otherwise keeps
 * its socket, and the answer queued in the kernel, for as long as it likes. Node's socket
 * inactivity timeout counts every byte written or read as progress, so a slow but steady reader
 * is never cut; receiving a request keeps its own, shorter deadlines.
 */
export function cutOffStalledConnections(server: Server, runtime: RuntimeConfig): void {
  server.setTimeout(runtime.HTTP_SEND_TIMEOUT_MS);
}

export function isAddressInUse(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EADDRINUSE';
}

export function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
