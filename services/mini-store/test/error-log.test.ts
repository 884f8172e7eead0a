import { MongoNetworkError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { capturingLogger, errorLogProblems } from '@repo/common/testing';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { createProductsRepository } from '../src/data/products-repository.js';
import { buildApp } from './support.js';

const testDb = useTestDatabase('mini_store_error_log');
const DEEP = `{"name":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;

describe('the error log', () => {
  it('when a request meets an unexpected error, then one error line with its request id and stack; a client mistake logs none, and one in a database outage is counted in the outage log', async () => {
    const { logger, lines } = capturingLogger();
    const products = createProductsRepository(testDb.db);
    const app = buildApp(testDb.db, {
      logger,
      products: {
        ...products,
        list: () => Promise.reject(new Error('forced failure')),
        findById: () => Promise.reject(new MongoNetworkError('connection reset')),
      },
    });
    const problems = await errorLogProblems({
      app,
      lines,
      unexpected: (client) => client.get('/products'),
      mistake: (client) => client.post('/products').type('json').send(DEEP),
      outage: (client) => client.get('/products/6b0133863aff49b5acaf923f'),
    });
    expect(problems).toEqual([]);
  });
});
