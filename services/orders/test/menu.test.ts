import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { ObjectId } from 'mongodb';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MENU } from '../src/domain/default-menu.js';
import { createMenuRepository, type MenuRepository } from '../src/data/menu-repository.js';
import { seedDefaultMenu } from '../src/domain/seed-menu.js';
import { addMenuItem, buildApp, uniqueName, viewOf } from './support.js';

const testDb = useTestDatabase('orders_menu');

/** A database of its own, empty, for tests that need to see what seeding does to an empty menu. */
function freshDatabase() {
  return testDb.client.db(`${testDb.dbName}_${new ObjectId().toHexString()}`);
}

/** Resolves `wait()` for everyone once `parties` callers have arrived. */
function barrier(parties: number): { wait: () => Promise<void> } {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    wait: () => {
      arrived += 1;
      if (arrived === parties) open();
      return opened;
    },
  };
}

/** The real repository, except that each emptiness answer is held until the barrier opens. */
function afterEmptinessCheck(menu: MenuRepository, gate: { wait: () => Promise<void> }) {
  return {
    ...menu,
    isEmpty: async () => {
      const empty = await menu.isEmpty();
      await gate.wait();
      return empty;
    },
  };
}

describe('GET /menu', () => {
  it('when the default menu was stored, then it answers 200 with every item as { id, name, category, description, sizes, crusts, toppings }, ordered by name', async () => {
    const db = freshDatabase();
    await seedDefaultMenu(createMenuRepository(db));

    const res = await request(buildApp(db)).get('/menu');

    expect(res.status).toBe(200);
    const expected = DEFAULT_MENU.map(viewOf).sort((a, b) => a.name.localeCompare(b.name));
    expect(res.body).toEqual(expected);
    await db.dropDatabase();
  });

  it('when ?category=pizza is asked of the default menu, then it answers the three pizzas, each with three sizes and its crusts', async () => {
    const db = freshDatabase();
    await seedDefaultMenu(createMenuRepository(db));

    const res = await request(buildApp(db)).get('/menu?category=pizza');

    expect(res.status).toBe(200);
    const pizzas = res.body as ReturnType<typeof viewOf>[];
    expect(pizzas.map((item) => item.name)).toEqual(['Hawaiian', 'Margherita', 'Pepperoni']);
    for (const pizza of pizzas) {
      expect(pizza.category).toBe('pizza');
      expect(pizza.sizes.map((size) => size.name)).toEqual(['small', 'medium', 'large']);
      expect(pizza.crusts.length).toBeGreaterThan(0);
    }
    await db.dropDatabase();
  });

  it('when the default menu is listed by category, then it has at least six items in at least three categories, and non-pizzas offer no crust', async () => {
    const db = freshDatabase();
    await seedDefaultMenu(createMenuRepository(db));
    const app = buildApp(db);

    const all = (await request(app).get('/menu')).body as ReturnType<typeof viewOf>[];
    const categories = [...new Set(all.map((item) => item.category))];

    expect(all.length).toBeGreaterThanOrEqual(6);
    expect(categories.length).toBeGreaterThanOrEqual(3);
    for (const category of categories) {
      const res = await request(app).get(`/menu?category=${category}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(all.filter((item) => item.category === category));
    }
    for (const item of all.filter((entry) => entry.category !== 'pizza'))
      expect(item.crusts).toEqual([]);
    await db.dropDatabase();
  });

  it('when ?category names no category, then it answers 200 with an empty list', async () => {
    const res = await request(buildApp(testDb.db)).get('/menu?category=desserts');

    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('when ?category is given twice, then it answers 400 { errors } and lists nothing', async () => {
    const res = await request(buildApp(testDb.db)).get('/menu?category=pizza&category=drink');

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: ['category must be given once, as text'] });
  });

  it('when an item is added, then the list includes it without any _id field', async () => {
    const item = await addMenuItem(testDb.db, { toppings: ['garlic', 'oregano'], price: 1234 });

    const res = await request(buildApp(testDb.db)).get('/menu');

    expect(res.status).toBe(200);
    const listed = (res.body as Record<string, unknown>[]).find(
      (entry) => entry.id === item._id.toHexString(),
    );
    expect(listed).toEqual(viewOf(item));
    expect(listed?.sizes).toEqual([{ name: 'regular', price: 1234 }]);
    for (const entry of res.body as Record<string, unknown>[])
      expect(entry).not.toHaveProperty('_id');
  });

  it('when the request carries no token or a nonsense Authorization header, then the menu is still served (public)', async () => {
    await addMenuItem(testDb.db, { toppings: [] });
    const app = buildApp(testDb.db);

    expect((await request(app).get('/menu')).status).toBe(200);
    expect((await request(app).get('/menu').set('Authorization', 'Token nonsense')).status).toBe(
      200,
    );
  });
});

describe('GET /menu/:id', () => {
  it('when the id names a menu item, then it answers 200 with that item', async () => {
    const item = await addMenuItem(testDb.db, { toppings: ['rocket'], price: 990 });

    const res = await request(buildApp(testDb.db)).get(`/menu/${item._id.toHexString()}`);

    expect(res.status).toBe(200);
    expect(res.body).toEqual(viewOf(item));
  });

  it('when the item is asked for with HEAD, then it answers 200 with the JSON headers and no body', async () => {
    const item = await addMenuItem(testDb.db, { toppings: [], price: 700 });

    const res = await request(buildApp(testDb.db)).head(`/menu/${item._id.toHexString()}`);

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
    expect(res.text ?? '').toBe('');
  });

  it('when no menu item has the id, then it answers 404 { error: "Menu item <id> not found" }', async () => {
    const id = new ObjectId().toHexString();

    const res = await request(buildApp(testDb.db)).get(`/menu/${id}`);

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: `Menu item ${id} not found` });
  });

  it.each([
    ['a word', 'margherita'],
    ['23 hex digits', 'a'.repeat(23)],
    ['25 hex digits', 'a'.repeat(25)],
    ['12 characters (ObjectId.isValid would take it)', 'abcdefghijkl'],
  ])('when the id is malformed (%s), then it answers 404, not 500', async (_case, id) => {
    const res = await request(buildApp(testDb.db)).get(`/menu/${id}`);

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: `Menu item ${id} not found` });
  });

  it('when the id of a real item is written in uppercase, then it answers 404 (ids match exactly as issued)', async () => {
    const item = await addMenuItem(testDb.db, { toppings: [] });
    const upper = item._id.toHexString().toUpperCase();

    const res = await request(buildApp(testDb.db)).get(`/menu/${upper}`);

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: `Menu item ${upper} not found` });
  });
});

describe('seeding the default menu', () => {
  it('when the menu is empty, then seeding stores every default item once', async () => {
    const db = freshDatabase();
    const menu = createMenuRepository(db);

    const inserted = await seedDefaultMenu(menu);

    expect(inserted).toBe(DEFAULT_MENU.length);
    const names = (await menu.list()).map((item) => item.name);
    expect(names.sort()).toEqual(DEFAULT_MENU.map((item) => item.name).sort());
    for (const item of await menu.list()) {
      expect(item.sizes.length).toBeGreaterThan(0);
      for (const { price } of [...item.sizes, ...item.toppings]) {
        expect(Number.isInteger(price) && price >= 0).toBe(true);
      }
    }
    await db.dropDatabase();
  });

  it('when seeding runs twice, then the menu keeps the same size and the second run inserts nothing', async () => {
    const db = freshDatabase();
    const menu = createMenuRepository(db);

    await seedDefaultMenu(menu);
    const secondRun = await seedDefaultMenu(menu);

    expect(secondRun).toBe(0);
    expect(await db.collection('menu').countDocuments()).toBe(DEFAULT_MENU.length);
    await db.dropDatabase();
  });

  it('when two seedings race on an empty menu (both see it empty), then each default item is stored exactly once', async () => {
    const db = freshDatabase();
    // Both seeders must pass the emptiness check before either inserts: the worst interleaving.
    const bothChecked = barrier(2);
    const first = afterEmptinessCheck(createMenuRepository(db), bothChecked);
    const second = afterEmptinessCheck(createMenuRepository(db), bothChecked);

    const results = await Promise.all([seedDefaultMenu(first), seedDefaultMenu(second)]);

    expect(results[0] + results[1]).toBe(DEFAULT_MENU.length);
    expect(await db.collection('menu').countDocuments()).toBe(DEFAULT_MENU.length);
    await db.dropDatabase();
  });

  it('when the menu already has an item, then seeding adds nothing (removed defaults stay removed)', async () => {
    const db = freshDatabase();
    const own = await addMenuItem(db, { name: uniqueName('House special'), toppings: ['egg'] });

    const inserted = await seedDefaultMenu(createMenuRepository(db));

    expect(inserted).toBe(0);
    const stored = await db.collection('menu').find({}).toArray();
    expect(stored.map((item) => item._id.toHexString())).toEqual([own._id.toHexString()]);
    await db.dropDatabase();
  });

  it('when the menu holds items of an earlier version (one price, no sizes), then seeding replaces them with the default menu', async () => {
    const db = freshDatabase();
    await db.collection('menu').insertOne({
      _id: new ObjectId('000000000000000000000003'),
      name: 'Quattro Formaggi',
      price: 1150,
      toppings: ['walnuts'],
    });

    const inserted = await seedDefaultMenu(createMenuRepository(db));

    expect(inserted).toBe(DEFAULT_MENU.length);
    const stored = await createMenuRepository(db).list();
    expect(stored.map((item) => item.name).sort()).toEqual(
      DEFAULT_MENU.map((item) => item.name).sort(),
    );
    await db.dropDatabase();
  });

  it('when a second app starts over a seeded database, then the menu it serves is the stored one', async () => {
    const db = freshDatabase();
    await seedDefaultMenu(createMenuRepository(db));
    const firstList = (await request(buildApp(db)).get('/menu')).body as unknown[];

    await seedDefaultMenu(createMenuRepository(db));
    const secondList = (await request(buildApp(db)).get('/menu')).body as unknown[];

    expect(secondList).toEqual(firstList);
    expect(secondList).toHaveLength(DEFAULT_MENU.length);
    await db.dropDatabase();
  });
});
