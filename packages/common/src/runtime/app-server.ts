import {
  createServer,
  IncomingMessage,
  ServerResponse,
  type RequestListener,
  type Server,
  type ServerOptions,
} from 'node:http';
import { REQUEST_HEAD_LIMIT } from '../openapi/limits.js';

/** What Express gives every request and response it handles: `app.request` and `app.response`. */
interface AppPrototypes {
  request: IncomingMessage;
  response: ServerResponse;
}

function appPrototypesOf(app: object): AppPrototypes | undefined {
  const { request, response } = app as { request?: unknown; response?: unknown };
  return request instanceof IncomingMessage && response instanceof ServerResponse
    ? { request, response }
    : undefined;
}

/** A constructor whose objects are built by `base` but have `prototype` from the start. */
function bornWith(base: (...args: unknown[]) => void, prototype: object) {
  function AppObject(this: object, ...args: unknown[]): void {
    base.apply(this, args);
  }
  AppObject.prototype = prototype;
  // As `class extends` would: V8 sizes a new object from the properties the constructor and the
  // constructors it inherits from assign. Without the link it reserves room for none, and a
  // response (some forty fields, several set with symbol keys) falls back to a dictionary: every
  // property access on it then takes a slow path.
  Object.setPrototypeOf(AppObject, base);
  return AppObject;
}

/**
 * Node's server options that build requests and responses with the app's prototypes, or
 * undefined when Node's constructors cannot do that: when they are ES classes (which cannot be
 * called on an existing object; in Node 20, 22 and 24 they are plain functions), or when a
 * property they set is a getter-only accessor on the app's prototypes. Both would throw on every
 * request, so one request and one response are built here first.
 */
function serverClassesFor({ request, response }: AppPrototypes) {
  // Node types its request and response constructors as classes; at run time they are functions.
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
 * The HTTP server for an app. For an Express app, Node builds every request and response with
 * the app's own prototypes (`app.request`, `app.response`), through the documented
 * `IncomingMessage` and `ServerResponse` options of `http.createServer`.
 *
 * Why: Express gives each incoming request and response its prototypes with
 * `Object.setPrototypeOf` (in `app.handle`), and changing an existing object's prototype sends
 * V8 down slow paths for every later property access on it, which on a cheap route is most of
 * what Express costs per request. With the prototypes in place from the start, Express's switch finds nothing to change, and everything
 * Express does stays as it is. (Express needs the switch for sub-apps mounted with
 * `app.use(subApp)`, which give requests another app's prototypes on the way in; the services
 * mount none, and a sub-app would still work, only without the gain.)
 *
 * `listener` answers every request; any other request handler, or an app whose prototypes
 * Node's constructors do not accept, gets a plain `http.createServer`.
 */
export function createAppServer(
  app: object,
  listener: RequestListener,
  options: ServerOptions = {},
): Server {
  const prototypes = appPrototypesOf(app);
  const classes = prototypes === undefined ? undefined : serverClassesFor(prototypes);
  // The head limit the OpenAPI documents state (`REQUEST_HEAD_LIMIT`), whatever Node's flags say.
  return createServer({ maxHeaderSize: REQUEST_HEAD_LIMIT, ...options, ...classes }, listener);
}

/** The HTTP deadlines a server enforces on its clients (`HTTP_*_TIMEOUT_MS`). */
export interface ServerDeadlines {
  /** A client must have sent the whole request head within this long (408 and close, if not). */
  headersTimeoutMs: number;
  /** ...and the whole request, body included, within this long. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this long (clients are told, `Keep-Alive`). */
  keepAliveTimeoutMs: number;
}

/**
 * Node's server options for the deadlines. Node checks the first two only every
 * `connectionsCheckingInterval` (30 s by default), which would let a slow client overstay its
 * deadline by that much; the check runs at least every second here (it walks the open
 * connections, which is cheap).
 */
export function deadlineOptions(deadlines: ServerDeadlines): ServerOptions {
  return {
    headersTimeout: deadlines.headersTimeoutMs,
    requestTimeout: deadlines.requestTimeoutMs,
    keepAliveTimeout: deadlines.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(
      50,
      Math.min(1_000, Math.floor(deadlines.headersTimeoutMs / 4)),
    ),
  };
}
