import type { Express, Request, Response } from 'express';
import { allowedMethods } from './route-index.js';

/**
 * Where the path starts in a request target: 0 in the origin form (`/path?query`); after the
 * authority in the absolute form (`http://host:port/path?query`), which RFC 9112 3.2.2 says a
 * server must accept as a proxy would send it.
 */
function pathStart(url: string): number {
  if (url.startsWith('/')) return 0;
  const scheme = url.indexOf('://');
  if (scheme === -1) return 0;
  for (let index = scheme + 3; index < url.length; index += 1) {
    if (url[index] === '/' || url[index] === '?') return index;
  }
  return url.length;
}

/** The path of a request target, in either form, without its query; `/` when it names none. */
export function pathOf(url: string | undefined): string {
  if (url === undefined) return '';
  const start = pathStart(url);
  const queryStart = url.indexOf('?', start);
  const path = queryStart === -1 ? url.slice(start) : url.slice(start, queryStart);
  return start > 0 && path === '' ? '/' : path;
}

/** The text of the 404 for a request no route matched: `Cannot <METHOD> <path>`, query left out. */
export function cannotRouteText(method: string | undefined, url: string | undefined): string {
  return `Cannot ${method ?? 'GET'} ${pathOf(url)}`;
}

/**
 * Names, in `Allow`, the methods the routes at the request's path take, when it has any: the
 * services answer a wrong method on a known path with their 404, and RFC 9110 (10.2.1)
 * lets any response carry `Allow`, so the client still learns what it could send there.
 */
export function setAllowForKnownPath(app: Express, req: Request, res: Response): void {
  const allow = allowedMethods(app, req.path);
  if (allow !== undefined) res.set('Allow', allow);
}
