import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICES as REGISTRY, type ServiceSpec } from '@repo/launcher';

/** tools/bench/dist → the repository root. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const BENCH_DIST = join(REPO_ROOT, 'tools/bench/dist');
export const RESULTS_DIR = join(REPO_ROOT, 'tools/bench/results');

/** A service's name as services/registry.json spells it. */
export type ServiceName = string;

export interface ServiceInfo extends ServiceSpec {
  /** The compiled entry, run with plain `node` as in production. */
  entry: string;
  /** How progress lines and process names call it: its name, marked for another checkout's. */
  label: string;
}

function compiledIn(checkout: string, label: (name: string) => string): ServiceInfo[] {
  return REGISTRY.map((service) => ({
    ...service,
    entry: join(checkout, 'services', service.name, 'dist/main.js'),
    label: label(service.name),
  }));
}

/** This checkout's services, in the registry's order. */
export const SERVICES: readonly ServiceInfo[] = compiledIn(REPO_ROOT, (name) => name);

/**
 * The same services compiled in another checkout of the repository (--compare), found by the
 * names of this checkout's registry and run with its settings.
 */
export function servicesIn(checkout: string): readonly ServiceInfo[] {
  return compiledIn(checkout, (name) => `${name} (other)`);
}

export function serviceInfo(
  name: ServiceName,
  services: readonly ServiceInfo[] = SERVICES,
): ServiceInfo {
  const info = services.find((service) => service.name === name);
  if (info === undefined) throw new Error(`unknown service ${name}`);
  return info;
}

export function isBuilt(service: ServiceInfo): boolean {
  return existsSync(service.entry);
}

/** The value the bench gives a secret: in production a service refuses its development value. */
export function benchSecret(variable: string): string {
  return `bench-${variable.toLowerCase().replace(/_/g, '-')}`;
}

/**
 * The production environment of a service: NODE_ENV=production (so its secrets are required and
 * set here), request logging on at info as JSON lines, and its own database.
 */
export function serviceEnv(
  service: ServiceInfo,
  port: number,
  mongo: { uri: string; dbName: string } | undefined,
): Record<string, string> {
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    PORT: String(port),
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
  };
  for (const secret of service.secrets) env[secret.variable] = benchSecret(secret.variable);
  if (service.usesMongo && mongo !== undefined) {
    env.MONGODB_URI = mongo.uri;
    env.MONGODB_DB = mongo.dbName;
  }
  return env;
}
