import type { IncomingHttpHeaders } from 'node:http';
import type { Db } from 'mongodb';

export interface BaselineContext {
  /** The same database the service under comparison uses (when the baseline needs one). */
  db: Db | undefined;
  /** Data the bench hands over (for example the books the service holds), parsed from JSON. */
  fixture: unknown;
}

/** What a route hands its work: the path parameters, the parsed JSON body and the headers. */
export interface RouteInput {
  params: Readonly<Record<string, string>>;
  body: unknown;
  headers: IncomingHttpHeaders;
}

/**
 * The answer, written by each framework its own ordinary way: `json` as JSON, `text` as text, and
 * neither as the status's reason phrase (Express's `sendStatus`).
 */
export interface Reply {
  status: number;
  json?: unknown;
  text?: string;
  headers?: Readonly<Record<string, string>>;
}

export interface BaselineRoute {
  method: 'GET' | 'POST' | 'PATCH';
  /** A path template with `:name` parameters, as Express and Fastify write it. */
  path: string;
  /** Whether the route reads a JSON body. */
  jsonBody: boolean;
  /** The service's security headers: `document` for the tutorial's pages, else `api`. */
  securityHeaders?: 'api' | 'document';
  handle: (input: RouteInput) => Reply | Promise<Reply>;
}

/**
 * The work of one service route done the plain way: the same driver calls, the same JSON out, and
 * nothing else (no logging, no security headers, no validation library). The same work is served
 * by bare Express 5, by Fastify 5 and by Node's own `http` module, so the service is measured
 * against each.
 */
export interface Baseline {
  usesMongo: boolean;
  route: (context: BaselineContext) => BaselineRoute;
}

export function requireDb(context: BaselineContext): Db {
  if (context.db === undefined) throw new Error('this baseline needs MONGODB_URI');
  return context.db;
}
