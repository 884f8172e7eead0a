import fc from 'fast-check';
import { beforeAll, beforeEach } from 'vitest';
import { type FuzzTarget, ResponseContract, useListeningApp } from '@repo/common/testing';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { apiDocument } from '../src/app.js';
import type { MenuItemRecord } from '../src/domain/menu-item.js';
import { addMenuItem, buildApp, CUSTOMER_TOKEN, placeValidOrder, STAFF_TOKEN } from './support.js';

/**
 * The app under test for a fuzz file, over the file's own database: two menu items stored before
 * the file's first route and two orders before each; returns the target (its document, tokens and
 * what it stores) for both kinds of generated requests. The generated and the hostile requests are
 * two files so that they run side by side.
 */
export function useFuzzTarget(
  label: string,
): () => FuzzTarget & { menuIds: readonly string[]; orderIds: readonly string[] } {
  const document = apiDocument();
  const contract = new ResponseContract(document);
  const testDb = useTestDatabase(label);
  const server = useListeningApp(() => buildApp(testDb.db));

  let menu: MenuItemRecord[] = [];
  /** Menu item and order ids that exist when a route's run starts. */
  let existing: string[] = [];
  let orderIds: string[] = [];

  beforeAll(async () => {
    menu = [
      await addMenuItem(testDb.db, {
        toppings: ['basil', 'olives'],
        sizes: [
          { name: 'small', price: 800 },
          { name: 'large', price: 1400 },
        ],
        crusts: ['classic', 'thin'],
      }),
      await addMenuItem(testDb.db, { toppings: [] }),
    ];
  });

  beforeEach(async () => {
    // Each route's run starts from two orders: a refused write is compared with a snapshot of
    // everything stored, which would otherwise grow with every earlier route's orders.
    await testDb.db.collection('orders').deleteMany({});
    const app = buildApp(testDb.db);
    const orders = [await placeValidOrder(app, testDb.db), await placeValidOrder(app, testDb.db)];
    orderIds = orders.map((order) => order.id);
    existing = [...menu.map((item) => item._id.toHexString()), ...orderIds];
  });

  /**
   * Orders whose items are on the menu, so some placements succeed; sizes, crusts and toppings
   * are now and then ones the item does not offer, and quantities now and then out of range.
   */
  const orderOnTheMenu = () =>
    fc.record({
      customerName: fc.string({ minLength: 1 }).filter((name) => name.trim() !== ''),
      items: fc.array(
        fc.constantFrom(...menu).chain((item) =>
          fc.record(
            {
              menuItemId: fc.constant(item._id.toHexString()),
              size: fc.constantFrom(...item.sizes.map((size) => size.name), 'huge'),
              crust: fc.constantFrom(...item.crusts, 'stuffed'),
              toppings: fc.subarray([...item.toppings.map((topping) => topping.name), 'pineapple']),
              quantity: fc.integer({ min: 0, max: 21 }),
            },
            { requiredKeys: ['menuItemId'] },
          ),
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

  return () => ({
    baseUrl: server.url,
    document,
    contract,
    snapshot,
    tokens: { customerToken: CUSTOMER_TOKEN, staffToken: STAFF_TOKEN },
    pathValues: { id: fc.constantFrom(...existing) },
    bodies: { 'POST /orders': orderOnTheMenu() },
    menuIds: menu.map((item) => item._id.toHexString()),
    orderIds,
  });
}
