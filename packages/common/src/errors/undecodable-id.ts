import type { ErrorRequestHandler } from 'express';

const METHODS_WITH_ID_ROUTES = new Set(['GET', 'HEAD', 'PATCH', 'DELETE']);

/**
 * Express decodes path parameters before any handler runs and fails on broken percent-encoding
 * (`/products/%ZZ`), so such an id never reaches the route's reader. It is malformed like any other,
 * so it gets the same 404; for methods that have no `/:id` route, routing simply carries on to the
 * `Cannot <METHOD> <path>` 404. `idPrefix` is the path in front of the id (`/products/`): only a
 * `/:id` route can fail to decode; `refusal` is that route's answer to a malformed id.
 */
export function undecodableIdHandler(
  idPrefix: string,
  refusal: (id: string) => Error,
  methods: ReadonlySet<string> = METHODS_WITH_ID_ROUTES,
): ErrorRequestHandler {
  return (error: unknown, req, _res, next) => {
    if (!(error instanceof URIError) || !req.path.startsWith(idPrefix)) {
      next(error);
      return;
    }
    if (!methods.has(req.method)) {
      next();
      return;
    }
    next(refusal(undecodedId(req.path, idPrefix)));
  };
}

/** The id as sent: the path after the prefix, without the trailing slash routing also accepts. */
function undecodedId(path: string, idPrefix: string): string {
  const id = path.slice(idPrefix.length);
  return id.endsWith('/') ? id.slice(0, -1) : id;
}
