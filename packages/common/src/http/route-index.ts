import type { Express } from 'express';

/** What one declared route says of the requests it takes. */
export interface IndexedRoute {
  /** Upper case: `GET`. */
  method: string;
  /** The OpenAPI path template: `/products/{id}`. */
  path: string;
  /** The media types its request body may be in (the body's documented content); none without one. */
  mediaTypes: readonly string[];
}

interface PatternedRoute extends IndexedRoute {
  pattern: RegExp;
}

/**
 * A path template as Express's router matches it: each `{name}` is one non-empty segment, a
 * trailing slash is allowed, case does not matter (the router's defaults). Matched against the
 * path as sent, percent-encoding intact, as the router does.
 */
export function templatePattern(path: string): RegExp {
  const source = path
    .split(/(\{[^{}]+\})/)
    .map((part) =>
      part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, (c) => `\\${c}`),
    )
    .join('');
  return new RegExp(`^${source}/?$`, 'i');
}

/**
 * The routes an app was given by `registerRoutes`, so that the answers to a request no route took
 * (the 404's `Allow`) or a body no route reads (the 415's `Accept-Post`) can name what would have
 * been taken. Kept beside the app rather than read from Express's router, whose layers are not
 * part of its API.
 */
const routesByApp = new WeakMap<Express, PatternedRoute[]>();

export function indexRoutes(app: Express, routes: readonly IndexedRoute[]): void {
  const indexed = routesByApp.get(app) ?? [];
  indexed.push(...routes.map((route) => ({ ...route, pattern: templatePattern(route.path) })));
  routesByApp.set(app, indexed);
}

function routesFor(app: Express, path: string): PatternedRoute[] {
  return (routesByApp.get(app) ?? []).filter((route) => route.pattern.test(path));
}

/**
 * The methods some route takes at `path`, as an `Allow` value (HEAD with GET, as Express answers
 * it), or undefined when no route has the path.
 */
export function allowedMethods(app: Express, path: string): string | undefined {
  const methods = new Set(routesFor(app, path).map((route) => route.method));
  if (methods.has('GET')) methods.add('HEAD');
  return methods.size === 0 ? undefined : [...methods].sort().join(', ');
}

/** The media types the route of `method` at `path` reads a body in; empty when none does. */
export function acceptedMediaTypes(app: Express, method: string, path: string): readonly string[] {
  return routesFor(app, path).find((route) => route.method === method)?.mediaTypes ?? [];
}
