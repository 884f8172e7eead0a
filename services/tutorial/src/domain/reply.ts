import type { SafeHtml } from './html.js';

/**
 * What a route answers, decided before anything is written. A handler builds exactly one Reply and
 * the route sends it once, so no code path can answer twice.
 */
export type Reply =
  | { readonly kind: 'html'; readonly status: number; readonly body: SafeHtml }
  | { readonly kind: 'json'; readonly status: number; readonly body: unknown };

export function htmlReply(body: SafeHtml, status = 200): Reply {
  return { kind: 'html', status, body };
}

export function jsonReply(body: unknown, status = 200): Reply {
  return { kind: 'json', status, body };
}
