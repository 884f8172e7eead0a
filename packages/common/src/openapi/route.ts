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
   * refused with the one 400 (for a route whose README fixes that answer). The document
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

export class ShadowedRouteError extends Error {
  override name = 'ShadowedRouteError';
}

const PARAMETER = /^\{\w+\}$/;

/** What routing reads of a route. */
type RoutePath = Pick<Route<unknown>, 'method' | 'path'>;

/** Whether every path `later` matches is matched by `earlier` too (a parameter takes any segment). */
function captures(earlier: RoutePath, later: RoutePath): boolean {
  if (earlier.method !== later.method) return false;
  const mine = earlier.path.split('/');
  const theirs = later.path.split('/');
  return (
    mine.length === theirs.length &&
    mine.every((segment, index) => PARAMETER.test(segment) || segment === theirs[index])
  );
}

/**
 * Refuses a route that an earlier one answers in its place: Express tries routes in order, so
 * `GET /products/count` after `GET /products/{id}` would be answered by the id route. Routes
 * are registered at start-up, so every test that builds the app meets this too.
 */
export function refuseShadowedRoutes(routes: readonly RoutePath[]): void {
  const describe = (route: RoutePath) => `${route.method.toUpperCase()} ${route.path}`;
  routes.forEach((later, index) => {
    const earlier = routes.slice(0, index).find((route) => captures(route, later));
    if (earlier !== undefined)
      throw new ShadowedRouteError(
        `${describe(later)} is never reached: ${describe(earlier)}, registered before it, ` +
          'answers every path it would; register it first',
      );
  });
}

/** The media types a route's documented request body is in; none when it takes no body. */
export function bodyMediaTypes(route: Pick<RouteConfig, 'request'>): string[] {
  return Object.keys(route.request?.body?.content ?? {});
}

/**
 * Registers each route on the app itself, in order, after `refuseShadowedRoutes`. Not on a
 * Router: that costs a second routing pass per request, and answers an unmatched `OPTIONS` with a
 * 200 where the services answer 404. A route with a documented body gets common's body rules after
 * its own `before` (a token check comes first, docs/error-answers.md); the app keeps an index of
 * the routes for the 404's `Allow` and the 415's `Accept-Post`.
 */
export function registerRoutes<Deps>(
  app: Express,
  routes: readonly Route<Deps>[],
  deps: Deps,
): void {
  refuseShadowedRoutes(routes);
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
