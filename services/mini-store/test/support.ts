import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import { ObjectId, type Db, type Document } from 'mongodb';
import { silentLogger } from '@repo/common';
import { createApp } from '../src/app.js';
import { createProductsRepository, PRODUCTS_COLLECTION } from '../src/data/products-repository.js';

export function buildApp(db: Db): Express {
  return createApp({ products: createProductsRepository(db), logger: silentLogger() });
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
