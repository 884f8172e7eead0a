import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { ObjectId } from 'mongodb';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createMenuRepository } from '../src/data/menu-repository.js';
import { seedDefaultMenu } from '../src/domain/seed-menu.js';
import { addMenuItem, AS_CUSTOMER, buildApp, countOrdersOf, uniqueName } from './support.js';

const testDb = useTestDatabase('orders_items');

interface MenuEntry {
  id: string;
  name: string;
  category: string;
  sizes: { name: string; price: number }[];
  crusts: string[];
  toppings: { name: string; price: number }[];
}

/** An app over a database of its own holding the default menu, and that menu as served. */
async function shopWithDefaultMenu() {
  const db = testDb.client.db(`${testDb.dbName}_${new ObjectId().toHexString()}`);
  await seedDefaultMenu(createMenuRepository(db));
  const app = buildApp(db);
  const menu = (await request(app).get('/menu')).body as MenuEntry[];
  const named = (name: string): MenuEntry => {
    const item = menu.find((entry) => entry.name === name);
    if (item === undefined) throw new Error(`${name} is not on the default menu`);
    return item;
  };
  return { db, app, named };
}

function placeOrder(app: Parameters<typeof request>[0], items: unknown[], customerName?: string) {
  return request(app)
    .post('/orders')
    .set('Authorization', AS_CUSTOMER)
    .send({ customerName: customerName ?? uniqueName('Customer'), items });
}

describe('POST /orders: sizes, crusts, quantities and prices', () => {
  it('when a customer orders two large thin-crust pizzas with extra toppings and a drink, then the order holds each line priced from the menu and the total', async () => {
    const { db, app, named } = await shopWithDefaultMenu();
    const pizzas = (await request(app).get('/menu?category=pizza')).body as MenuEntry[];
    const drinks = (await request(app).get('/menu?category=drink')).body as MenuEntry[];
    const pepperoni = named('Pepperoni');
    const drink = drinks[0];
    expect(pizzas.map((item) => item.name)).toContain('Pepperoni');
    if (drink === undefined) throw new Error('the default menu has no drink');

    const res = await placeOrder(app, [
      {
        menuItemId: pepperoni.id,
        size: 'large',
        crust: 'thin',
        toppings: ['extra mozzarella', 'mushrooms'],
        quantity: 2,
      },
      { menuItemId: drink.id },
    ]);

    expect(res.status).toBe(201);
    const large = pepperoni.sizes.find((size) => size.name === 'large')?.price ?? NaN;
    const toppings = ['extra mozzarella', 'mushrooms']
      .map((name) => pepperoni.toppings.find((topping) => topping.name === name)?.price ?? NaN)
      .reduce((sum, price) => sum + price, 0);
    const pizzaUnit = large + toppings;
    const drinkUnit = drink.sizes[0]?.price ?? NaN;
    expect(res.body.items).toEqual([
      {
        menuItemId: pepperoni.id,
        size: 'large',
        crust: 'thin',
        toppings: ['extra mozzarella', 'mushrooms'],
        quantity: 2,
        unitPrice: pizzaUnit,
        lineTotal: 2 * pizzaUnit,
      },
      {
        menuItemId: drink.id,
        size: drink.sizes[0]?.name,
        crust: null,
        toppings: [],
        quantity: 1,
        unitPrice: drinkUnit,
        lineTotal: drinkUnit,
      },
    ]);
    expect(res.body.total).toBe(2 * pizzaUnit + drinkUnit);
    expect(res.body.total).toBe(4050);
    await db.dropDatabase();
  });

  it('when size, crust and quantity are left out, then the first size, the first crust and one are sold', async () => {
    const { db, app, named } = await shopWithDefaultMenu();
    const margherita = named('Margherita');

    const res = await placeOrder(app, [{ menuItemId: margherita.id }]);

    expect(res.status).toBe(201);
    expect(res.body.items[0]).toMatchObject({
      size: margherita.sizes[0]?.name,
      crust: margherita.crusts[0],
      quantity: 1,
      unitPrice: margherita.sizes[0]?.price,
    });
    await db.dropDatabase();
  });

  it.each([
    ['0', 0],
    ['21', 21],
    ['1.5', 1.5],
    ['"2" (text)', '2'],
    ['null', null],
  ])(
    'when an item asks for a quantity of %s, then it answers 400 with the item and the range, and stores nothing',
    async (_case, quantity) => {
      const item = await addMenuItem(testDb.db, { toppings: [] });
      const customerName = uniqueName('Quinn');

      const res = await placeOrder(
        buildApp(testDb.db),
        [{ menuItemId: item._id.toHexString() }, { menuItemId: item._id.toHexString(), quantity }],
        customerName,
      );

      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        errors: ['items[1].quantity must be a whole number from 1 to 20'],
      });
      expect(await countOrdersOf(testDb.db, customerName)).toBe(0);
    },
  );

  it('when a quantity is 1 or 20, then it is accepted and multiplies the line', async () => {
    const item = await addMenuItem(testDb.db, { toppings: ['egg'], price: 500 });
    const menuItemId = item._id.toHexString();

    const res = await placeOrder(buildApp(testDb.db), [
      { menuItemId, quantity: 1 },
      { menuItemId, quantity: 20, toppings: ['egg'] },
    ]);

    expect(res.status).toBe(201);
    expect(res.body.items.map((line: { lineTotal: number }) => line.lineTotal)).toEqual([
      500, 12_000,
    ]);
    expect(res.body.total).toBe(12_500);
  });

  it("when crust, size and toppings are ones the item does not offer, then every problem is listed in the README's words and nothing is stored", async () => {
    const { db, app, named } = await shopWithDefaultMenu();
    const hawaiian = named('Hawaiian');
    const cola = named('Cola');
    const customerName = uniqueName('Pat');

    const res = await placeOrder(
      app,
      [
        { menuItemId: hawaiian.id, size: 'XL', crust: 'stuffed', toppings: ['anchovies'] },
        { menuItemId: cola.id, crust: 'thin', quantity: 0 },
        { menuItemId: 'x' },
      ],
      customerName,
    );

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: [
        'XL is not offered on Hawaiian.',
        'stuffed is not offered on Hawaiian.',
        'anchovies is not offered on Hawaiian.',
        'items[1].quantity must be a whole number from 1 to 20',
        'thin is not offered on Cola.',
        'x is not on the menu',
      ],
    });
    expect(await countOrdersOf(db, customerName)).toBe(0);
    await db.dropDatabase();
  });

  it.each([
    ['size', { size: 3 }, 'items[0].size must be a string'],
    ['crust', { crust: ['thin'] }, 'items[0].crust must be a string'],
  ])(
    "when an item's %s is not text, then it answers 400 naming it",
    async (_field, extra, problem) => {
      const item = await addMenuItem(testDb.db, { toppings: [] });

      const res = await placeOrder(buildApp(testDb.db), [
        { menuItemId: item._id.toHexString(), ...extra },
      ]);

      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: [problem] });
    },
  );

  it('when an order holds 51 items, then it answers 400 "items must hold at most 50 items"; 50 items are accepted', async () => {
    const item = await addMenuItem(testDb.db, { toppings: [] });
    const line = { menuItemId: item._id.toHexString() };
    const app = buildApp(testDb.db);
    const customerName = uniqueName('Crowd');

    const tooMany = await placeOrder(
      app,
      Array.from({ length: 51 }, () => line),
      customerName,
    );
    const enough = await placeOrder(
      app,
      Array.from({ length: 50 }, () => line),
    );

    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ errors: ['items must hold at most 50 items'] });
    expect(await countOrdersOf(testDb.db, customerName)).toBe(0);
    expect(enough.status).toBe(201);
    expect(enough.body.items).toHaveLength(50);
  });

  it('when the menu changes after an order was placed, then the order keeps the prices it was sold at', async () => {
    const item = await addMenuItem(testDb.db, { toppings: ['egg'], price: 700 });
    const app = buildApp(testDb.db);
    const placed = await placeOrder(app, [
      { menuItemId: item._id.toHexString(), toppings: ['egg'], quantity: 2 },
    ]);
    expect(placed.status).toBe(201);

    await testDb.db
      .collection('menu')
      .updateOne({ _id: item._id }, { $set: { 'sizes.0.price': 9999, 'toppings.0.price': 999 } });
    const read = await request(app)
      .get(`/orders/${placed.body.id as string}`)
      .set('Authorization', AS_CUSTOMER);

    expect(read.status).toBe(200);
    expect(read.body).toEqual(placed.body);
    expect(read.body.total).toBe(2 * (700 + 100));
  });
});
