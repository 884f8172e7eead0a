import type { SafeHtml } from './html.js';

/**
 * What a route answers once its input has been read, decided before anything is written. A handler
 * builds exactly one Reply and the route sends it once, so no code path can answer twice; input
 * that a rule turns away never gets this far (the readers in `http/` throw, and `renderError`
 * answers). Every Reply is a 200, the status a response starts with.
 */
export type Reply =
  | { readonly kind: 'html'; readonly body: SafeHtml }
  | { readonly kind: 'json'; readonly body: unknown };

export function htmlReply(body: SafeHtml): Reply {
  return { kind: 'html', body };
}

export function jsonReply(body: unknown): Reply {
  return { kind: 'json', body };
}
