import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** tools/bench/dist → the repository root. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const BENCH_DIST = join(REPO_ROOT, 'tools/bench/dist');
export const RESULTS_DIR = join(REPO_ROOT, 'tools/bench/results');

export type ServiceName = 'books' | 'tutorial' | 'products' | 'orders' | 'mini-store';

export const TOKENS = {
  books: 'bench-books-token',
  ordersCustomer: 'bench-customer-token',
  ordersStaff: 'bench-staff-token',
};

export interface ServiceInfo {
  name: ServiceName;
  usesMongo: boolean;
  /** The compiled entry, run with plain `node` as in production. */
  entry: string;
}

/**
 * Where the services' compiled entries are read from: the repository's `services/`, or another
 * checkout's (BENCH_SERVICES_DIR), to compare a change against the current code on one machine.
 */
const SERVICES_DIR = process.env.BENCH_SERVICES_DIR ?? join(REPO_ROOT, 'services');

export const SERVICES: readonly ServiceInfo[] = [
  { name: 'books', usesMongo: false },
  { name: 'tutorial', usesMongo: false },
  { name: 'products', usesMongo: true },
  { name: 'orders', usesMongo: true },
  { name: 'mini-store', usesMongo: true },
].map((service) => ({
  ...service,
  name: service.name as ServiceName,
  entry: join(SERVICES_DIR, service.name, 'dist/main.js'),
}));

export function serviceInfo(name: ServiceName): ServiceInfo {
  const info = SERVICES.find((service) => service.name === name);
  if (info === undefined) throw new Error(`unknown service ${name}`);
  return info;
}

export function isBuilt(service: ServiceInfo): boolean {
  return existsSync(service.entry);
}

/**
 * The production environment of a service: NODE_ENV=production (so secrets are required and
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
    BOOKS_TOKEN: TOKENS.books,
    ORDERS_CUSTOMER_TOKEN: TOKENS.ordersCustomer,
    ORDERS_STAFF_TOKEN: TOKENS.ordersStaff,
  };
  if (service.usesMongo && mongo !== undefined) {
    env.MONGODB_URI = mongo.uri;
    env.MONGODB_DB = mongo.dbName;
  }
  return env;
}
