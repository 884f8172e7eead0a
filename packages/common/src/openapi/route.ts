import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { Express, Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { IdempotencyOption } from '../idempotency/route-option.js';
import { requestBodyRules } from '../http/request-body.js';
import { indexRoutes } from '../http/route-index.js';

export type RouteMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The path parameters of a route, by name, percent-decoded. */
export type PathParams = Record<string, string>;

/**
 * One route, declared once: what the OpenAPI document says of it and the handler that answers it.
 * `registerRoutes` and `createApiDocument` read the same declaration, so the two cannot drift.
 */
export interface Route<Deps> extends Omit<RouteConfig, 'method'> {
  method: RouteMethod;
  /** Middleware that runs first, in order (a token check, a body parser). */
  before?: (deps: Deps) => readonly RequestHandler[];
  /**
   * A JSON body that is no object is passed to the handler, whose rule answers it, instead of being
   * refused with the one 400 (for a route whose specification fixes that answer). The document
   * says so as `x-reads-non-object-bodies`.
   */
  readsNonObjectBodies?: true;
  /** The route takes an `Idempotency-Key` (`idempotentRoute`), checked after `before`. */
  idempotency?: IdempotencyOption<Deps>;
  /** What it throws or rejects reaches the error handler. */
  handle(req: Request<PathParams>, res: Response, deps: Deps): void | Promise<void>;
}

/** `/products/{id}` becomes `/products/:id`. */
export function expressPath(openApiPath: string): string {
  return openApiPath.replace(/\{(\w+)\}/g, ':$1');
}

/** The media types a route's documented request body is in; none when it takes no body. */
export function bodyMediaTypes(route: Pick<RouteConfig, 'request'>): string[] {
  return Object.keys(route.request?.body?.content ?? {});
}

/**
 * Registers each route on the app itself, in order. Not on a Router: that costs a second routing
 * pass per request, and answers an unmatched `OPTIONS` with a 200 where the specs want the 404.
 * A route with a documented body gets common's body rules after its own `before` (a token check
 * comes first, docs/error-answers.md); the app keeps an index of the routes for the 404's `Allow`
 * and the 415's `Accept-Post`.
 */
export function registerRoutes<Deps>(
  app: Express,
  routes: readonly Route<Deps>[],
  deps: Deps,
): void {
  indexRoutes(
    app,
    routes.map((route) => ({
      method: route.method.toUpperCase(),
      path: route.path,
      mediaTypes: bodyMediaTypes(route),
    })),
  );
  for (const route of routes) {
    const handler: RequestHandler = (req, res) =>
      route.handle(req as Request<PathParams>, res, deps);
    const mediaTypes = bodyMediaTypes(route);
    const bodyRules =
      mediaTypes.length === 0
        ? []
        : [
            requestBodyRules({
              mediaTypes,
              readsNonObjects: route.readsNonObjectBodies === true,
            }),
          ];
    app[route.method](
      expressPath(route.path),
      ...(route.before?.(deps) ?? []),
      ...bodyRules,
      ...(route.idempotency === undefined ? [] : [route.idempotency.middleware(deps)]),
      handler,
    );
  }
}

/** A route's request with more headers (`If-Match`, `Idempotency-Key`), joined to its own. */
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
