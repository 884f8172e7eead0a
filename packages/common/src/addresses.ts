// Without dependencies, so that the launcher reads them without loading the rest of common
// (about a second of CPU per start): `@repo/common/addresses`.

/** Where Prometheus scrapes. */
export const METRICS_PATH = '/metrics';

/** The host list of a connection string, without credentials, for messages and logs. */
export function describeMongoHost(uri: string): string {
  const withoutScheme = uri.replace(/^mongodb(\+srv)?:\/\//, '');
  const authority = withoutScheme.split(/[/?]/, 1)[0] ?? '';
  return authority.slice(authority.lastIndexOf('@') + 1);
}
