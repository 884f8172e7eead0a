import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { Express, Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { IdempotencyOption } from '../idempotency/route-option.js';

/** The methods the services route; each is a method of the Express app. */
export type RouteMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The path parameters of a route, by name, percent-decoded. */
export type PathParams = Record<string, string>;

/**
 * One route, declared once: what the OpenAPI document says of it (method, path, the zod schemas of
 * its params, query and body, every response) and the handler that answers it. `registerRoutes`
 * puts the handlers on the app and `createApiDocument` describes the same declarations, so the two
 * cannot drift apart.
 */
export interface Route<Deps> extends Omit<RouteConfig, 'method'> {
  method: RouteMethod;
  /** Middleware that runs first, in order (a token check, a body parser), built from the app's dependencies. */
  before?: (deps: Deps) => readonly RequestHandler[];
  /** The route takes an `Idempotency-Key` (`idempotentRoute`), checked after `before`. */
  idempotency?: IdempotencyOption<Deps>;
  /** Answers the request, with the app's dependencies; what it throws or rejects reaches the error handler. */
  handle(req: Request<PathParams>, res: Response, deps: Deps): void | Promise<void>;
}

/** The Express form of an OpenAPI path: `/products/{id}` becomes `/products/:id`. */
export function expressPath(openApiPath: string): string {
  return openApiPath.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * Registers each route on the app itself, in the order given (a literal path before a parameter
 * that would capture it). Not on a mounted Router: that would cost a second routing pass per
 * request, and a Router answers an unmatched `OPTIONS` with its own 200 where the specs want the
 * 404 every other unmatched method gets.
 */
export function registerRoutes<Deps>(
  app: Express,
  routes: readonly Route<Deps>[],
  deps: Deps,
): void {
  for (const route of routes) {
    const handler: RequestHandler = (req, res) =>
      route.handle(req as Request<PathParams>, res, deps);
    app[route.method](
      expressPath(route.path),
      ...(route.before?.(deps) ?? []),
      ...(route.idempotency === undefined ? [] : [route.idempotency.middleware(deps)]),
      handler,
    );
  }
}

/**
 * A route's request as the document describes it with more headers: `added` joins the headers the
 * route declares, or stands alone when it declares none (route options such as `If-Match` and
 * `Idempotency-Key` add theirs this way).
 */
export function withRequestHeaders(
  request: RouteConfig['request'],
  added: z.ZodObject,
): NonNullable<RouteConfig['request']> {
  const headers = request?.headers;
  return {
    ...request,
    headers: headers instanceof z.ZodObject ? headers.extend(added.shape) : added,
  };
}
