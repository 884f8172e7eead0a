import { MongoNetworkError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { capturingLogger, errorLogProblems } from '@repo/common/testing';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { createMenuRepository } from '../src/data/menu-repository.js';
import { createOrdersRepository } from '../src/data/orders-repository.js';
import { AS_CUSTOMER, buildApp } from './support.js';

const testDb = useTestDatabase('orders_error_log');
const DEEP = `{"customerName":${'['.repeat(10_000)}${']'.repeat(10_000)},"items":[]}`;

describe('the error log', () => {
  it('when a request meets an unexpected error, then one error line with its request id and stack; a client mistake logs none, and one in a database outage is counted in the outage log', async () => {
    const { logger, lines } = capturingLogger();
    const menu = createMenuRepository(testDb.db);
    const orders = createOrdersRepository(testDb.db);
    const app = buildApp(testDb.db, {
      logger,
      menu: { ...menu, list: () => Promise.reject(new Error('forced failure')) },
      orders: {
        ...orders,
        findById: () => Promise.reject(new MongoNetworkError('connection reset')),
      },
    });
    const problems = await errorLogProblems({
      app,
      lines,
      unexpected: (client) => client.get('/menu'),
      mistake: (client) =>
        client.post('/orders').set('Authorization', AS_CUSTOMER).type('json').send(DEEP),
      outage: (client) =>
        client.get('/orders/6b0133863aff49b5acaf923f').set('Authorization', AS_CUSTOMER),
    });
    expect(problems).toEqual([]);
  });
});
