import { runService, type RunningService } from '@repo/common';
import { loadConfig as booksConfig } from '../../services/books/src/config.js';
import { service as books } from '../../services/books/src/service.js';
import { loadConfig as miniStoreConfig } from '../../services/mini-store/src/config.js';
import { service as miniStore } from '../../services/mini-store/src/service.js';
import { loadConfig as ordersConfig } from '../../services/orders/src/config.js';
import { service as orders } from '../../services/orders/src/service.js';
import { loadConfig as productsConfig } from '../../services/products/src/config.js';
import { service as products } from '../../services/products/src/service.js';
import { loadConfig as tutorialConfig } from '../../services/tutorial/src/config.js';
import { service as tutorial } from '../../services/tutorial/src/service.js';

export const SERVICE_NAMES = ['products', 'books', 'orders', 'tutorial', 'mini-store'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** The tokens the running services are given, so the page's Authorize dialog can be filled in. */
export const TOKENS = {
  BOOKS_TOKEN: 'browser-books-token',
  ORDERS_CUSTOMER_TOKEN: 'browser-customer-token',
  ORDERS_STAFF_TOKEN: 'browser-staff-token',
};

/**
 * Starts one service as `main.ts` does (connect, then listen), on a free port, with its docs on
 * and its database (if any) on the test server.
 */
export function startService(
  name: ServiceName,
  database: { uri: string; dbName: string },
): Promise<RunningService> {
  const env = {
    PORT: '0',
    LOG_LEVEL: 'silent',
    API_DOCS: 'on',
    MONGODB_URI: database.uri,
    MONGODB_DB: `${database.dbName}_${name.replace('-', '_')}`,
    ...TOKENS,
  };
  const base = { ownsProcess: false };
  switch (name) {
    case 'products':
      return runService({ ...products, ...base, loadConfig: () => productsConfig(env) });
    case 'books':
      return runService({ ...books, ...base, loadConfig: () => booksConfig(env) });
    case 'orders':
      return runService({ ...orders, ...base, loadConfig: () => ordersConfig(env) });
    case 'tutorial':
      return runService({ ...tutorial, ...base, loadConfig: () => tutorialConfig(env) });
    case 'mini-store':
      return runService({ ...miniStore, ...base, loadConfig: () => miniStoreConfig(env) });
  }
}
