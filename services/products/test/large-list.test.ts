import { get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ObjectId, type FindCursor } from 'mongodb';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '@repo/common';
import { createApp } from '../src/app.js';
import { ProductsRepository, type ListOptions } from '../src/data/products-repository.js';
import type { ProductDocument } from '../src/domain/product.js';
import { openProductsContext, type ProductBody, type ProductsTestContext } from './helpers.js';

const TOTAL = 100_000;
const INSERT_BATCH = 10_000;

let ctx: ProductsTestContext;
const insertedIds: ObjectId[] = [];

function modelNameOf(index: number): string {
  return `bulk-${String(index).padStart(6, '0')}`;
}

beforeAll(async () => {
  ctx = await openProductsContext();
  for (let start = 0; start < TOTAL; start += INSERT_BATCH) {
    const batch = Array.from({ length: INSERT_BATCH }, (_, offset) => {
      const index = start + offset;
      // Generated one after another, so each id is greater than the one before: creation order.
      const _id = new ObjectId();
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
    await ctx.raw.insertMany(batch, { ordered: false });
  }
}, 300_000);

afterAll(async () => {
  await ctx.testDb.close();
}, 120_000);

afterEach(() => {
  vi.restoreAllMocks();
});

type ProductCursor = FindCursor<ProductDocument>;

/** Wraps every list cursor the app opens, so a test can watch or disturb it. */
function watchListCursors(onOpen: (cursor: ProductCursor) => void): void {
  const openList = ProductsRepository.prototype.openList;
  vi.spyOn(ProductsRepository.prototype, 'openList').mockImplementation(function (
    this: ProductsRepository,
    options?: ListOptions,
  ) {
    const cursor = openList.call(this, options);
    onOpen(cursor);
    return cursor;
  });
}

function listen(app: ReturnType<typeof createApp>): Promise<Server> {
  return new Promise((resolve) => {
    const server = app.listen(0, () => resolve(server));
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
    const response = await request(ctx.app).get('/products');

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
    const items = (await request(ctx.app).get('/products?lowStock=true')).body as ProductBody[];

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
    watchListCursors((opened) => {
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
    const server = await listen(ctx.app);

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
    const app = createApp({ db: ctx.testDb.db, logger });
    let closed = false;
    watchListCursors((opened) => {
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
    });
    const server = await listen(app);

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
    const app = createApp({ db: ctx.testDb.db, logger });
    watchListCursors((opened) => {
      vi.spyOn(opened, 'next').mockRejectedValue(new Error('query refused'));
    });

    const response = await request(app).get('/products');

    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: 'Something went wrong' });
    expect(logError).toHaveBeenCalledTimes(1);
  });
});
