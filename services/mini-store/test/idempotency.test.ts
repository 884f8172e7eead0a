import { DEFAULT_IDEMPOTENCY_TTL_SECONDS } from '@repo/common';
import { createMongoIdempotencyStore } from '@repo/common/mongo';
import { describeIdempotentPost } from '@repo/common/testing';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { createProductsRepository, PRODUCTS_COLLECTION } from '../src/data/products-repository.js';
import { buildApp, uniqueName } from './support.js';

const testDb = useTestDatabase('mini_store_idempotency');

describeIdempotentPost('POST /products', {
  app: (idempotency) => buildApp(testDb.db, { idempotency }),
  failingApp: (idempotency) =>
    buildApp(testDb.db, {
      idempotency,
      products: {
        ...createProductsRepository(testDb.db),
        create: () => Promise.reject(new Error('write refused by the test')),
      },
    }),
  store: () =>
    createMongoIdempotencyStore(testDb.db, { ttlSeconds: DEFAULT_IDEMPOTENCY_TTL_SECONDS }),
  caller: { path: '/products' },
  body: () => ({ name: uniqueName('keyed'), price: 2, quantity: 1 }),
  count: () => testDb.db.collection(PRODUCTS_COLLECTION).countDocuments(),
});
