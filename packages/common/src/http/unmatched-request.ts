import type { Express, Request, Response } from 'express';
import { allowedMethods } from './route-index.js';

/** The path of a request target, without its query. */
export function pathOf(url: string | undefined): string {
  if (url === undefined) return '';
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? url : url.slice(0, queryStart);
}

/** The text of the 404 for a request no route matched: `Cannot <METHOD> <path>`, query left out. */
export function cannotRouteText(method: string | undefined, url: string | undefined): string {
  return `Cannot ${method ?? 'GET'} ${pathOf(url)}`;
}

/**
 * Names, in `Allow`, the methods the routes at the request's path take, when it has any: the
 * specifications answer a wrong method on a known path with their 404, and RFC 9110 (10.2.1)
 * lets any response carry `Allow`, so the client still learns what it could send there.
 */
export function setAllowForKnownPath(app: Express, req: Request, res: Response): void {
  const allow = allowedMethods(app, req.path);
  if (allow !== undefined) res.set('Allow', allow);
}
