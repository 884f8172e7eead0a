import { randomUUID } from 'node:crypto';
import { DEFAULT_IDEMPOTENCY_TTL_SECONDS, silentLogger } from '@repo/common';
import { createMongoIdempotencyStore } from '@repo/common/mongo';
import { useResponseContract } from '@repo/common/testing';
import { ObjectId, type Db } from 'mongodb';
import request from 'supertest';
import type { Express } from 'express';
import { apiDocument, createApp, type AppDeps } from '../src/app.js';
import { createMenuRepository } from '../src/data/menu-repository.js';
import { createOrdersRepository } from '../src/data/orders-repository.js';
import type { MenuItemRecord, PricedOption } from '../src/domain/menu-item.js';
import type { OrderView } from '../src/http/order-view-schema.js';
import { createOrderStreams, type StreamSettings } from '../src/events/order-streams.js';

/** Every response of the apps built here is checked against the service's OpenAPI document. */
const contract = useResponseContract(apiDocument());

export const CUSTOMER_TOKEN = 'test-customer-token';
export const STAFF_TOKEN = 'test-staff-token';
export const AS_CUSTOMER = `Bearer ${CUSTOMER_TOKEN}`;
export const AS_STAFF = `Bearer ${STAFF_TOKEN}`;

export const TOKEN_ERROR_BODY = { Error: 'Token is missing or does not match.' };

/**
 * Authorization values the strict check must refuse, with why. Each carries the real customer
 * token where it can, so only the form is wrong.
 */
export const REJECTED_AUTHORIZATION: readonly [string, string][] = [
  ['"Bearer" alone', 'Bearer'],
  ['"Bearer " with an empty token', 'Bearer '],
  ['another scheme word', `Token ${CUSTOMER_TOKEN}`],
  ['Basic credentials', `Basic ${Buffer.from(`user:${CUSTOMER_TOKEN}`).toString('base64')}`],
  ['a third part', `Bearer ${CUSTOMER_TOKEN} extra`],
  ['two spaces after Bearer', `Bearer  ${CUSTOMER_TOKEN}`],
  ['lowercase "bearer"', `bearer ${CUSTOMER_TOKEN}`],
  ['the token alone', CUSTOMER_TOKEN],
  ['a wrong token', 'Bearer not-the-token'],
  ['the token with a suffix', `Bearer ${CUSTOMER_TOKEN}x`],
];

/**
 * Short enough for tests: a stream ends within a fraction of a second, so a request that opens
 * one (the generated requests do) is answered in full.
 */
export const TEST_STREAM_SETTINGS: StreamSettings = {
  heartbeatMs: 15_000,
  pollMs: 20,
  settleMs: 100,
  maxStreamMs: 30,
};

export function buildApp(db: Db, overrides: Partial<AppDeps> = {}): Express {
  const orders = createOrdersRepository(db);
  return contract.check(
    createApp({
      menu: createMenuRepository(db),
      orders,
      streams: createOrderStreams(orders, silentLogger(), TEST_STREAM_SETTINGS),
      idempotency: createMongoIdempotencyStore(db, { ttlSeconds: DEFAULT_IDEMPOTENCY_TTL_SECONDS }),
      logger: silentLogger(),
      customerToken: CUSTOMER_TOKEN,
      staffToken: STAFF_TOKEN,
      ...overrides,
    }),
  );
}

export function uniqueName(label: string): string {
  return `${label} ${randomUUID()}`;
}

export interface TestMenuItem {
  /** Names (each priced 100 cents) or priced toppings. */
  toppings: (string | PricedOption)[];
  name?: string;
  category?: string;
  /** The price of its one size, `regular`, when `sizes` is not given. */
  price?: number;
  sizes?: PricedOption[];
  crusts?: string[];
}

/** Stores a menu item of this test's own, so no test depends on the default menu's contents. */
export async function addMenuItem(db: Db, fields: TestMenuItem): Promise<MenuItemRecord> {
  const item: MenuItemRecord = {
    _id: new ObjectId(),
    name: fields.name ?? uniqueName('Test pizza'),
    category: fields.category ?? 'test',
    description: 'An item of a test.',
    sizes: fields.sizes ?? [{ name: 'regular', price: fields.price ?? 1000 }],
    crusts: fields.crusts ?? [],
    toppings: fields.toppings.map((topping) =>
      typeof topping === 'string' ? { name: topping, price: 100 } : topping,
    ),
  };
  await db.collection<MenuItemRecord>('menu').insertOne(item);
  return item;
}

/** A menu item as the service presents it. */
export function viewOf(item: MenuItemRecord) {
  return {
    id: item._id.toHexString(),
    name: item.name,
    category: item.category,
    description: item.description,
    sizes: item.sizes,
    crusts: item.crusts,
    toppings: item.toppings,
  };
}

export function countOrdersOf(db: Db, customerName: string): Promise<number> {
  return db.collection('orders').countDocuments({ customerName });
}

/** An order as the service answers it. */
export type PlacedOrder = OrderView;

/** Places a valid order over HTTP on a menu item of its own and returns the response body. */
export async function placeValidOrder(app: Express, db: Db): Promise<PlacedOrder> {
  const item = await addMenuItem(db, { toppings: ['basil'] });
  const res = await request(app)
    .post('/orders')
    .set('Authorization', AS_CUSTOMER)
    .send({
      customerName: uniqueName('Customer'),
      items: [{ menuItemId: item._id.toHexString() }],
    });
  if (res.status !== 201) throw new Error(`placing an order failed: ${res.status} ${res.text}`);
  return res.body as PlacedOrder;
}
