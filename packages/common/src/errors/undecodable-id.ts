import type { ErrorRequestHandler } from 'express';

const METHODS_WITH_ID_ROUTES = new Set(['GET', 'HEAD', 'PATCH', 'DELETE']);

/**
 * Express fails on a broken percent-encoding in a path parameter (`/products/%ZZ`) before any
 * handler runs: such an id, after `idPrefix`, gets `refusal` like any malformed id, for `methods`
 * with a `/:id` route; for the others routing carries on to the 404.
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

/** The id as sent, without the trailing slash routing also accepts. */
function undecodedId(path: string, idPrefix: string): string {
  const id = path.slice(idPrefix.length);
  return id.endsWith('/') ? id.slice(0, -1) : id;
}
