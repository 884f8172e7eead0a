import { MongoClient, ObjectId } from 'mongodb';
import request from 'supertest';
import type { Express } from 'express';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '@repo/common';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { buildApp } from './support.js';

let app: Express;
const testDb = useTestDatabase('products_routing');

beforeAll(() => {
  app = buildApp(testDb.db);
});

describe('unmatched routes', () => {
  it.each([
    ['GET', '/nothing-here'],
    ['GET', '/'],
    ['PUT', `/products/${new ObjectId().toHexString()}`],
    ['PATCH', '/products'],
    ['DELETE', '/products'],
    ['POST', `/products/${new ObjectId().toHexString()}`],
    ['GET', '/products/a/b'],
    // No route takes OPTIONS, so it is unmatched on every path, those with routes included.
    ['OPTIONS', '/products'],
    ['OPTIONS', `/products/${new ObjectId().toHexString()}`],
    ['PUT', '/orders/abc'],
    ['POST', '/orders'],
    ['DELETE', '/customers/abc/orders'],
  ])(
    'when %s %s is requested, then it answers 404 with the text "Cannot <METHOD> <path>"',
    async (method, path) => {
      const response = await request(app)[method.toLowerCase() as 'get'](path);

      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.text).toBe(`Cannot ${method} ${path}`);
    },
  );

  it('when an unmatched route has a query string, then the 404 text names the path without it', async () => {
    const response = await request(app).get('/elsewhere?lowStock=true');

    expect(response.status).toBe(404);
    expect(response.text).toBe('Cannot GET /elsewhere');
  });

  it('when an unmatched route is sent a malformed JSON body, then it still answers the route 404', async () => {
    const response = await request(app)
      .post('/orders')
      .set('Content-Type', 'application/json')
      .send('{"broken":');

    expect(response.status).toBe(404);
    expect(response.text).toBe('Cannot POST /orders');
  });
});

describe('unexpected failures', () => {
  it('when the database cannot be reached, then it answers 500 {error: "Something went wrong"} and logs the failure', async () => {
    // Nothing listens on port 1, so every operation fails after server selection gives up.
    const unreachable = new MongoClient('mongodb://127.0.0.1:1', { serverSelectionTimeoutMS: 200 });
    const logger = silentLogger();
    const logError = vi.spyOn(logger, 'error');
    const unreachableApp = buildApp(unreachable.db('products'), { logger });

    try {
      for (const call of [
        () => request(unreachableApp).get(`/products/${new ObjectId().toHexString()}`),
        () => request(unreachableApp).get('/products'),
        () => request(unreachableApp).post('/products').send({ modelName: 'x' }),
        () =>
          request(unreachableApp)
            .patch(`/products/${new ObjectId().toHexString()}`)
            .send({ color: 'x' }),
        () => request(unreachableApp).delete(`/products/${new ObjectId().toHexString()}`),
      ]) {
        const response = await call();
        expect(response.status).toBe(500);
        expect(response.body).toEqual({ error: 'Something went wrong' });
      }
      expect(logError).toHaveBeenCalledTimes(5);
      expect(logError.mock.calls[0]?.[1]).toBe('unexpected error while handling a request');
    } finally {
      await unreachable.close();
    }
  });

  it("when a request fails unexpectedly, then its id is in the X-Request-Id header and on the error line, and the 500 body stays exactly the README's", async () => {
    const unreachable = new MongoClient('mongodb://127.0.0.1:1', { serverSelectionTimeoutMS: 200 });
    const logger = silentLogger();
    const logError = vi.spyOn(logger, 'error');
    const unreachableApp = buildApp(unreachable.db('products'), { logger });
    try {
      const response = await request(unreachableApp)
        .get('/products')
        .set('X-Request-Id', 'ticket-1234');
      expect(response.status).toBe(500);
      expect(response.headers['x-request-id']).toBe('ticket-1234');
      // The README gives this body word for word, so the id is not added to it.
      expect(response.body).toEqual({ error: 'Something went wrong' });
      expect(logError.mock.calls[0]?.[0]).toMatchObject({ requestId: 'ticket-1234' });
    } finally {
      await unreachable.close();
    }
  });

  it('when a client error is answered, then nothing is logged as an error', async () => {
    const logger = silentLogger();
    const logError = vi.spyOn(logger, 'error');
    const watchedApp = buildApp(testDb.db, { logger });

    expect((await request(watchedApp).get('/products/bad')).status).toBe(404);
    expect((await request(watchedApp).get('/products?lowStock=no')).status).toBe(400);

    expect(logError).not.toHaveBeenCalled();
  });
});
