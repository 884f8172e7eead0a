import { get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { ObjectId, type FindCursor } from 'mongodb';
import request from 'supertest';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { silentLogger, type Logger } from '@repo/common';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { createProductsRepository } from '../src/data/products-repository.js';
import type { ProductRecord } from '../src/domain/product.js';
import { buildApp, storedProducts, type ProductBody } from './support.js';

const TOTAL = 100_000;
const INSERT_BATCH = 10_000;

let app: Express;
const testDb = useTestDatabase('products_large_list');
const insertedIds: ObjectId[] = [];

function modelNameOf(index: number): string {
  return `bulk-${String(index).padStart(6, '0')}`;
}

beforeAll(async () => {
  app = buildApp(testDb.db);
  // One second apart, ending now, so each id is greater than the one before: creation order.
  // (Ids made one after another with new ObjectId() are not always: when their 3-byte counter
  // wraps within a second, the ones after the wrap sort first.)
  const firstSecond = Math.floor(Date.now() / 1000) - TOTAL;
  for (let start = 0; start < TOTAL; start += INSERT_BATCH) {
    const batch = Array.from({ length: INSERT_BATCH }, (_, offset) => {
      const index = start + offset;
      const _id = ObjectId.createFromTime(firstSecond + index);
      insertedIds.push(_id);
      return {
        _id,
        modelName: modelNameOf(index),
        modelNumber: `MN-${index}`,
        manufacturer: 'Bulk Manufacturing Incorporated',
        color: 'a colour described at some length',
        price: index % 500,
        quantity: index % 50,
      };
    });
    await storedProducts(testDb.db).insertMany(batch, { ordered: false });
  }
}, 300_000);

afterEach(() => {
  vi.restoreAllMocks();
});

type ProductCursor = FindCursor<ProductRecord>;

/** An app that hands every list cursor it opens to `onOpen`, so a test can watch or disturb it. */
function appWatchingListCursors(
  onOpen: (cursor: ProductCursor) => void,
  logger: Logger = silentLogger(),
): Express {
  const products = createProductsRepository(testDb.db);
  const list: typeof products.list = (options) => {
    const cursor = products.list(options);
    onOpen(cursor);
    return cursor;
  };
  return buildApp(testDb.db, { products: { ...products, list }, logger });
}

function listen(served: Express): Promise<Server> {
  return new Promise((resolve) => {
    const server = served.listen(0, () => resolve(server));
  });
}

function urlOf(server: Server, path: string): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

interface RawResponse {
  status: number;
  body: string;
  /** False when the connection ended before the whole message arrived. */
  complete: boolean;
}

/** Reads a response to the end or to the connection being cut, whichever comes first. */
function readRaw(url: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = get(url, (res: IncomingMessage) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('error', () => undefined);
      res.on('close', () => resolve({ status: res.statusCode ?? 0, body, complete: res.complete }));
    });
    req.on('error', reject);
  });
}

describe('GET /products with 100 000 products', () => {
  it('when every product is listed, then all 100 000 arrive, in creation order, streamed in chunks', async () => {
    const response = await request(app).get('/products');

    expect(response.status).toBe(200);
    // Streamed: sent in chunks as the cursor is read, so the length is not known up front.
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(response.headers['content-length']).toBeUndefined();
    const items = response.body as ProductBody[];
    expect(items).toHaveLength(TOTAL);
    expect(items.map((item) => item.id)).toEqual(insertedIds.map((id) => id.toHexString()));
    expect(items[0]).toEqual({
      id: insertedIds[0]?.toHexString(),
      modelName: modelNameOf(0),
      modelNumber: 'MN-0',
      manufacturer: 'Bulk Manufacturing Incorporated',
      color: 'a colour described at some length',
      price: 0,
      quantity: 0,
    });
    expect(items[TOTAL - 1]?.modelName).toBe(modelNameOf(TOTAL - 1));
    expect(response.text).not.toContain('_id');
  }, 120_000);

  it('when the low-stock list is requested, then exactly the products with a quantity below 5 arrive', async () => {
    const items = (await request(app).get('/products?lowStock=true')).body as ProductBody[];

    // Quantities cycle through 0..49, so 5 in every 50 are below the threshold.
    expect(items).toHaveLength(TOTAL / 10);
    expect(items.every((item) => typeof item.quantity === 'number' && item.quantity < 5)).toBe(
      true,
    );
  }, 120_000);

  it('when the client goes away after the first chunk, then the server stops reading and closes the cursor', async () => {
    let cursor: ProductCursor | undefined;
    let nextCalls = 0;
    let closedAfterNextCalls: number | undefined;
    const watched = appWatchingListCursors((opened) => {
      cursor = opened;
      const next = opened.next.bind(opened);
      const close = opened.close.bind(opened);
      vi.spyOn(opened, 'next').mockImplementation(() => {
        nextCalls += 1;
        return next();
      });
      vi.spyOn(opened, 'close').mockImplementation(() => {
        closedAfterNextCalls ??= nextCalls;
        return close();
      });
    });
    const server = await listen(watched);

    try {
      await new Promise<void>((resolve, reject) => {
        const req = get(urlOf(server, '/products'), (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code !== 'ECONNRESET') reject(error);
        });
      });

      await vi.waitFor(() => expect(closedAfterNextCalls).toBeDefined(), { timeout: 10_000 });
      expect(cursor).toBeDefined();
      expect(closedAfterNextCalls).toBeLessThan(TOTAL);
    } finally {
      await closeServer(server);
    }
  }, 60_000);

  it('when reading the cursor fails after the response has started, then the connection is cut (no valid-looking array), the failure is logged and the cursor closed', async () => {
    const logger = silentLogger();
    const logError = vi.spyOn(logger, 'error');
    let closed = false;
    const failing = appWatchingListCursors((opened) => {
      const next = opened.next.bind(opened);
      const close = opened.close.bind(opened);
      let calls = 0;
      vi.spyOn(opened, 'next').mockImplementation(() => {
        calls += 1;
        return calls > 5_000 ? Promise.reject(new Error('cursor lost mid-way')) : next();
      });
      vi.spyOn(opened, 'close').mockImplementation(() => {
        closed = true;
        return close();
      });
    }, logger);
    const server = await listen(failing);

    try {
      const response = await readRaw(urlOf(server, '/products'));

      expect(response.status).toBe(200);
      expect(response.complete).toBe(false);
      expect(response.body.startsWith('[{')).toBe(true);
      expect(() => JSON.parse(response.body) as unknown).toThrow();
      expect(logError).toHaveBeenCalledTimes(1);
      expect(logError.mock.calls[0]?.[1]).toBe(
        'list failed after the response had started; connection closed',
      );
      expect(closed).toBe(true);

      const after = await readRaw(urlOf(server, `/products/${insertedIds[0]?.toHexString()}`));
      expect(after.status).toBe(200);
    } finally {
      await closeServer(server);
    }
  }, 60_000);

  it('when the list query fails before anything is sent, then it answers 500 {error: "Something went wrong"} and logs it', async () => {
    const logger = silentLogger();
    const logError = vi.spyOn(logger, 'error');
    const refusing = appWatchingListCursors((opened) => {
      vi.spyOn(opened, 'next').mockRejectedValue(new Error('query refused'));
    }, logger);

    const response = await request(refusing).get('/products');

    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: 'Something went wrong' });
    expect(logError).toHaveBeenCalledTimes(1);
  });
});
