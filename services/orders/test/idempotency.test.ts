import { beforeAll } from 'vitest';
import { DEFAULT_IDEMPOTENCY_TTL_SECONDS } from '@repo/common';
import { createMongoIdempotencyStore } from '@repo/common/mongo';
import { describeIdempotentPost } from '@repo/common/testing';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { createOrdersRepository, ORDERS_COLLECTION } from '../src/data/orders-repository.js';
import { addMenuItem, AS_CUSTOMER, buildApp, uniqueName } from './support.js';

const testDb = useTestDatabase('orders_idempotency');

let menuItemId = '';
beforeAll(async () => {
  menuItemId = (await addMenuItem(testDb.db, { toppings: ['basil'] }))._id.toHexString();
});

describeIdempotentPost('POST /orders', {
  app: (idempotency) => buildApp(testDb.db, { idempotency }),
  failingApp: (idempotency) =>
    buildApp(testDb.db, {
      idempotency,
      orders: {
        ...createOrdersRepository(testDb.db),
        create: () => Promise.reject(new Error('write refused by the test')),
      },
    }),
  store: () =>
    createMongoIdempotencyStore(testDb.db, { ttlSeconds: DEFAULT_IDEMPOTENCY_TTL_SECONDS }),
  caller: { path: '/orders', headers: { Authorization: AS_CUSTOMER } },
  body: () => ({ customerName: uniqueName('Customer'), items: [{ menuItemId }] }),
  count: () => testDb.db.collection(ORDERS_COLLECTION).countDocuments(),
});
