/** The services the launcher runs, in the order of the URL table. */
export const SERVICE_NAMES = ['products', 'books', 'orders', 'mini-store', 'tutorial'] as const;

export type ServiceName = (typeof SERVICE_NAMES)[number];

export interface ServiceSpec {
  name: ServiceName;
  /** Folder of the service, relative to the repository root. */
  dir: string;
  /** The port of the local table (books moves off its own default 6790, which products holds). */
  defaultPort: number;
  usesMongo: boolean;
  /** One read-only request that shows the service working, for the URL table. */
  tryPath: string;
}

export const SERVICES: readonly ServiceSpec[] = [
  {
    name: 'products',
    dir: 'services/products',
    defaultPort: 6790,
    usesMongo: true,
    tryPath: '/products',
  },
  { name: 'books', dir: 'services/books', defaultPort: 6791, usesMongo: false, tryPath: '/books' },
  { name: 'orders', dir: 'services/orders', defaultPort: 6792, usesMongo: true, tryPath: '/menu' },
  {
    name: 'mini-store',
    dir: 'services/mini-store',
    defaultPort: 6793,
    usesMongo: true,
    tryPath: '/products',
  },
  {
    name: 'tutorial',
    dir: 'services/tutorial',
    defaultPort: 3000,
    usesMongo: false,
    tryPath: '/person/1',
  },
];

export interface SecretSpec {
  variable: string;
  service: ServiceName;
  /** The value the service itself falls back to outside production. */
  developmentValue: string;
}

export const SECRETS: readonly SecretSpec[] = [
  { variable: 'BOOKS_TOKEN', service: 'books', developmentValue: 'dev-books-token' },
  { variable: 'ORDERS_CUSTOMER_TOKEN', service: 'orders', developmentValue: 'dev-customer-token' },
  { variable: 'ORDERS_STAFF_TOKEN', service: 'orders', developmentValue: 'dev-staff-token' },
];

export const DEFAULT_MONGO_PORT = 27017;

export function isServiceName(text: string): text is ServiceName {
  return (SERVICE_NAMES as readonly string[]).includes(text);
}

/** The environment variable that moves one service's port, e.g. MINI_STORE_PORT. */
export function portVariableOf(name: ServiceName): string {
  return `${name.toUpperCase().replace(/-/g, '_')}_PORT`;
}
