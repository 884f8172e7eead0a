import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import type { Collection, Document } from 'mongodb';
import request from 'supertest';
import { afterAll, beforeAll, expect } from 'vitest';
import { silentLogger, type Logger } from '@repo/common';
import { openTestDatabase, type TestDatabase } from '@repo/embedded-mongo/testing';
import { createApp, type ProductsAppDeps } from '../src/app.js';
import { PRODUCTS_COLLECTION } from '../src/data/products-repository.js';

export interface ProductsTestContext {
  testDb: TestDatabase;
  app: Express;
  logger: Logger;
  /** The stored records, read around the service to check what was really written. */
  raw: Collection<Document>;
}

/** A fresh database for one test file and an app over it. */
export async function openProductsContext(
  options: Partial<Omit<ProductsAppDeps, 'db' | 'logger'>> = {},
): Promise<ProductsTestContext> {
  const testDb = await openTestDatabase('products');
  const logger = silentLogger();
  const app = createApp({ db: testDb.db, logger, ...options });
  return { testDb, app, logger, raw: testDb.db.collection(PRODUCTS_COLLECTION) };
}

/**
 * Registers the file's setup and teardown: a fresh database and app before its tests, the database
 * dropped after them. The returned object is filled in before the first test runs.
 */
export function useProductsContext(): ProductsTestContext {
  const context = {} as ProductsTestContext;
  beforeAll(async () => {
    Object.assign(context, await openProductsContext());
  });
  afterAll(async () => {
    await context.testDb.close();
  });
  return context;
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
