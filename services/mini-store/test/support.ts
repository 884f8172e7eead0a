import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import { ObjectId, type Db, type Document } from 'mongodb';
import { DEFAULT_IDEMPOTENCY_TTL_SECONDS, silentLogger } from '@repo/common';
import { createMongoIdempotencyStore } from '@repo/common/mongo';
import { useResponseContract } from '@repo/common/testing';
import { apiDocument, createApp, type AppDeps } from '../src/app.js';
import { createProductsRepository, PRODUCTS_COLLECTION } from '../src/data/products-repository.js';

/** Every response of the apps built here is checked against the service's OpenAPI document. */
const contract = useResponseContract(apiDocument());

export function buildApp(db: Db, overrides: Partial<AppDeps> = {}): Express {
  return contract.check(
    createApp({
      products: createProductsRepository(db),
      idempotency: createMongoIdempotencyStore(db, { ttlSeconds: DEFAULT_IDEMPOTENCY_TTL_SECONDS }),
      logger: silentLogger(),
      ...overrides,
    }),
  );
}

/** A product name no other test uses. */
export function uniqueName(label: string): string {
  return `${label}-${randomUUID()}`;
}

/** A well-formed id that no stored product has. */
export function unknownId(): string {
  return new ObjectId().toHexString();
}

/** The product document exactly as MongoDB holds it, read past the service. */
export function readStored(db: Db, id: string): Promise<Document | null> {
  return db.collection(PRODUCTS_COLLECTION).findOne({ _id: ObjectId.createFromHexString(id) });
}

export function countStored(db: Db): Promise<number> {
  return db.collection(PRODUCTS_COLLECTION).countDocuments();
}

export const HEX_ID = /^[0-9a-f]{24}$/;
