import type { HelmetOptions } from 'helmet';

/**
 * Which security headers a service sends (README, what every service does on every response).
 * - `api`: what OWASP's REST Security Cheat Sheet asks of every API response, with a policy that
 *   allows nothing, plus `Cross-Origin-Resource-Policy`. Helmet's headers that only steer how a
 *   browser treats an HTML page are left out: a JSON body is never one, and each costs bytes.
 * - `document`: for small HTML pages that load nothing (the tutorial's). Helmet's page headers
 *   less three no current browser needs; the policy allows only forms to, and framing by, the
 *   page's origin. Not helmet's default policy: its `upgrade-insecure-requests` would send a
 *   form's submission to https, which the services (plain HTTP behind TLS, if any) do not speak.
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
  // createHttpApp switches Express's off instead of removing it per response.
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
