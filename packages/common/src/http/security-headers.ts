import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

export interface SecurityHeaders {
  /** [name, value] pairs in the order helmet sets them. */
  set: readonly (readonly [string, string])[];
  /** Header names helmet removes (X-Powered-By). */
  removed: readonly string[];
}

/**
 * The headers `helmet()` sets with its default options, worked out once. With the defaults every
 * value is a constant (no per-request nonces), so replaying this list gives each response exactly
 * the headers helmet would, without running its twelve middlewares and rebuilding the
 * Content-Security-Policy text on every request.
 */
export function helmetDefaultHeaders(): SecurityHeaders {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      set.push([name, String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let finished = false;
  helmet()({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error !== undefined) throw error;
    finished = true;
  });
  // Helmet's defaults are synchronous; anything else would make the recorded list incomplete.
  if (!finished)
    throw new Error('helmet() did not finish synchronously; cannot precompute its headers');
  return { set, removed };
}

/** Sets the precomputed security headers on a response. */
export function applySecurityHeaders(res: ServerResponse, headers: SecurityHeaders): void {
  for (const name of headers.removed) res.removeHeader(name);
  for (const [name, value] of headers.set) res.setHeader(name, value);
}
