import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import type { Collection, Db, Document } from 'mongodb';
import request from 'supertest';
import { beforeAll, expect } from 'vitest';
import { DEFAULT_IDEMPOTENCY_TTL_SECONDS, silentLogger } from '@repo/common';
import { createMongoIdempotencyStore } from '@repo/common/mongo';
import { useResponseContract } from '@repo/common/testing';
import { useTestDatabase, type OpenTestDatabase } from '@repo/embedded-mongo/testing';
import { apiDocument, createApp, type AppDeps } from '../src/app.js';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '../src/config.js';
import { createOrdersRepository } from '../src/data/orders-repository.js';
import { createProductsRepository, PRODUCTS_COLLECTION } from '../src/data/products-repository.js';

/** Every response of the apps built here is checked against the service's OpenAPI document. */
const contract = useResponseContract(apiDocument());

/**
 * The app as `service.ts` builds it, over `db`, with a silent logger and the default low-stock
 * threshold unless the test gives its own (or its own repository, to watch what the app does).
 */
export function buildApp(db: Db, overrides: Partial<AppDeps> = {}): Express {
  return contract.check(
    createApp({
      products: createProductsRepository(db),
      orders: createOrdersRepository(db),
      clock: () => new Date(),
      logger: silentLogger(),
      lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
      idempotency: createMongoIdempotencyStore(db, { ttlSeconds: DEFAULT_IDEMPOTENCY_TTL_SECONDS }),
      ...overrides,
    }),
  );
}

/** The stored records, read around the service to check what was really written. */
export function storedProducts(db: Db): Collection<Document> {
  return db.collection(PRODUCTS_COLLECTION);
}

export interface ProductsTestApp {
  testDb: OpenTestDatabase;
  /** The app over the file's database, built before the file's first test. */
  readonly app: Express;
  /** The stored records, read around the service. */
  readonly raw: Collection<Document>;
}

/** A test file's own database and an app over it, as most test files of this service need. */
export function useProductsApp(label: string): ProductsTestApp {
  const testDb = useTestDatabase(label);
  let app: Express | undefined;
  beforeAll(() => {
    app = buildApp(testDb.db);
  });
  return {
    testDb,
    get app() {
      if (app === undefined) throw new Error('the app is built before the first test of the file');
      return app;
    },
    get raw() {
      return storedProducts(testDb.db);
    },
  };
}

export function uniqueName(label: string): string {
  return `${label}-${randomUUID()}`;
}

/** Creates a product over HTTP and returns its id. */
export async function createProduct(app: Express, body: object): Promise<string> {
  const response = await request(app).post('/products').send(body);
  expect(response.status).toBe(201);
  const { id } = response.body as { id: unknown };
  expect(id).toMatch(/^[0-9a-f]{24}$/);
  return id as string;
}

export interface ProductBody {
  id: string;
  modelName: unknown;
  modelNumber: unknown;
  manufacturer: unknown;
  color: unknown;
  price: unknown;
  quantity: unknown;
}

export async function readProduct(app: Express, id: string): Promise<ProductBody> {
  const response = await request(app).get(`/products/${id}`);
  expect(response.status).toBe(200);
  return response.body as ProductBody;
}

export async function listProducts(app: Express, query = ''): Promise<ProductBody[]> {
  const response = await request(app).get(`/products${query}`);
  expect(response.status).toBe(200);
  expect(Array.isArray(response.body)).toBe(true);
  return response.body as ProductBody[];
}
