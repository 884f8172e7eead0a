import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Which security headers a service sends.
 * - `api`: for services that answer JSON. The set OWASP's REST Security Cheat Sheet asks of every
 *   API response: a Content-Security-Policy that allows nothing (`default-src 'none';
 *   frame-ancestors 'none'`, stricter than helmet's page policy), Strict-Transport-Security,
 *   `X-Content-Type-Options: nosniff` and `X-Frame-Options: DENY`, plus helmet's
 *   `Cross-Origin-Resource-Policy: same-origin`, which keeps other sites from loading a response
 *   cross-origin. Helmet's headers that only steer how a browser treats an HTML page and what it
 *   loads from it (opener policy, referrer policy, DNS prefetch, origin-agent cluster, IE download
 *   and XSS-auditor switches, Flash/PDF cross-domain policy) are left out: a JSON body is never
 *   such a page, and each header costs every response its bytes.
 * - `document`: for services that serve small HTML pages of their own, which load no scripts,
 *   styles, images, fonts or frames (the tutorial's pages). Helmet's page headers, less three that
 *   do nothing for such a page in a current browser (`X-XSS-Protection: 0` switches off an XSS
 *   auditor no current browser has, and OWASP advises leaving it out; `X-Download-Options` is read
 *   by Internet Explorer only; `X-DNS-Prefetch-Control` steers prefetching for links, and these
 *   pages link nowhere). Each header costs every response Node's per-header work. The
 *   Content-Security-Policy allows nothing but submitting forms to the page's own origin and
 *   being framed by it (`default-src 'none'; base-uri 'none'; form-action 'self';
 *   frame-ancestors 'self'`). Helmet's default policy also carries `upgrade-insecure-requests`,
 *   which makes a browser send a page's later requests, form submissions included, over https:
 *   the services speak plain HTTP (TLS, if any, ends in front of them), so on any host but
 *   localhost (and in Safari even there) a form's submission would go to https and fail.
 */
export type SecurityHeadersProfile = 'api' | 'document';

const API_HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  // Express's own X-Powered-By is switched off by createHttpApp instead of removed per response.
  xPoweredBy: false,
  xXssProtection: false,
};

const DOCUMENT_HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
  },
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPoweredBy: false,
  xXssProtection: false,
};

/** helmet's options for a profile (the bench's idiomatic baselines send the same headers). */
export function helmetOptionsFor(profile: SecurityHeadersProfile): HelmetOptions {
  return profile === 'api' ? API_HELMET_OPTIONS : DOCUMENT_HELMET_OPTIONS;
}

/** helmet() with the options of a profile, used as any middleware. */
export function securityHeaders(profile: SecurityHeadersProfile): RequestHandler {
  return helmet(helmetOptionsFor(profile));
}
