import fc from 'fast-check';
import { beforeAll, beforeEach, describe, it } from 'vitest';
import {
  documentedRoutes,
  type FuzzTarget,
  fuzzRoute,
  hostileRoute,
  ResponseContract,
  useListeningApp,
} from '@repo/common/testing';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { apiDocument } from '../src/http/api-document.js';
import type { MenuItemRecord } from '../src/domain/menu-item.js';
import { addMenuItem, buildApp, CUSTOMER_TOKEN, placeValidOrder, STAFF_TOKEN } from './support.js';

const document = apiDocument();
const contract = new ResponseContract(document);
const testDb = useTestDatabase('orders_fuzz');
const server = useListeningApp(() => buildApp(testDb.db));

let menu: MenuItemRecord[] = [];
/** Menu item and order ids that exist when a route's run starts. */
let existing: string[] = [];

beforeAll(async () => {
  menu = [
    await addMenuItem(testDb.db, { toppings: ['basil', 'olives'] }),
    await addMenuItem(testDb.db, { toppings: [] }),
  ];
});

beforeEach(async () => {
  const app = buildApp(testDb.db);
  const orders = [await placeValidOrder(app, testDb.db), await placeValidOrder(app, testDb.db)];
  existing = [...menu.map((item) => item._id.toHexString()), ...orders.map((order) => order.id)];
});

/** Orders whose items are on the menu, so some placements succeed. */
const orderOnTheMenu = () =>
  fc.record({
    customerName: fc.string({ minLength: 1 }).filter((name) => name.trim() !== ''),
    items: fc.array(
      fc.constantFrom(...menu).chain((item) =>
        fc.record({
          menuItemId: fc.constant(item._id.toHexString()),
          toppings: fc.subarray([...item.toppings, 'pineapple']),
        }),
      ),
      { minLength: 1, maxLength: 3 },
    ),
  });

/** Everything the service stores. */
async function snapshot() {
  return {
    menu: await testDb.db.collection('menu').find().sort({ _id: 1 }).toArray(),
    orders: await testDb.db.collection('orders').find().sort({ _id: 1 }).toArray(),
  };
}

/** The app under test, its document and what it stores, for both kinds of generated requests. */
function target(): FuzzTarget {
  return {
    baseUrl: server.url,
    document,
    contract,
    snapshot,
    tokens: { customerToken: CUSTOMER_TOKEN, staffToken: STAFF_TOKEN },
    pathValues: { id: fc.constantFrom(...existing) },
    bodies: { 'POST /orders': orderOnTheMenu() },
  };
}

describe('generated requests (fast-check, fixed seed)', () => {
  it.each(documentedRoutes(document))(
    'when %s gets 200 requests, valid and invalid, then none is a 5xx, each answer matches the document and no refused one stores anything',
    async (route) => {
      await fuzzRoute(target(), route, { runs: 200, seed: 18 });
    },
  );
});

describe('hostile requests (fast-check, fixed seed)', () => {
  it.each(documentedRoutes(document))(
    'when %s gets 40 hostile requests (broken JSON, wrong types, deep nesting, prototype and operator keys, huge and invalid bodies, hostile ids), then none is a 5xx and nothing hostile is stored',
    async (route) => {
      await hostileRoute(target(), route, { runs: 40, seed: 21 });
    },
  );
});
