import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from 'mongodb';
import type { BaselineKind } from './baselines/index.js';
import type { LoadRequest } from './load.js';
import { benchSecret, type ServiceName } from './services.js';

export interface PreparedRoute {
  request: LoadRequest;
  /** Handed to the baseline process, so it serves exactly the data the service serves. */
  fixture?: unknown;
}

export interface RouteScenario {
  label: string;
  service: ServiceName;
  baseline: BaselineKind;
  /** Creates the data the route needs (through the service's own API where it has one). */
  prepare: (target: {
    serviceUrl: string;
    db: Db;
    /** How long each side is loaded in all: its warm-up and its rounds. */
    loadSeconds: number;
  }) => Promise<PreparedRoute>;
  /**
   * The service runs with OpenTelemetry tracing on, its spans exported in-process (see
   * traced-service.ts): what tracing costs a route. Its ratio is reported, with no target.
   */
  traced?: boolean;
}

function parseJsonOrText(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function send(
  url: string,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: parseJsonOrText(text) };
}

async function expectStatus(
  what: string,
  pending: Promise<{ status: number; json: unknown }>,
  status: number,
): Promise<unknown> {
  const answer = await pending;
  if (answer.status !== status)
    throw new Error(
      `${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.json)}`,
    );
  return answer.json;
}

const BOOKS_AUTH = { authorization: `Bearer ${benchSecret('BOOKS_TOKEN')}` };
const ORDERS_CUSTOMER_TOKEN = benchSecret('ORDERS_CUSTOMER_TOKEN');
const ORDERS_STAFF_TOKEN = benchSecret('ORDERS_STAFF_TOKEN');

/**
 * More moves per second than any side serves here (about 1 800 for the service and 1 600 for bare
 * Express in a quick run on 2 cores): orders enough for this rate are placed before a PATCH route
 * is measured, so no side runs out of orders to move (a side that did would get 409s, reported).
 */
const MOVES_PER_SECOND_BOUND = 3_000;

/** The moves of an order, in turn: `pending` to `in-progress`, then to `completed`. */
const ORDER_MOVES = ['in-progress', 'completed'].map((status) => JSON.stringify({ status }));

/** Attempts per order while placing them: on a busy machine a database deadline can pass (500). */
const PLACE_ATTEMPTS = 5;

async function placeOne(serviceUrl: string, order: unknown): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await send(`${serviceUrl}/orders`, 'POST', order, {
      authorization: `Bearer ${ORDERS_CUSTOMER_TOKEN}`,
    });
    if (answer.status === 201) return (answer.json as { id: string }).id;
    if (answer.status < 500 || attempt === PLACE_ATTEMPTS)
      throw new Error(
        `POST /orders: expected 201, got ${answer.status} ${JSON.stringify(answer.json)}`,
      );
    await sleep(100 * attempt);
  }
}

/** Places `count` copies of `order`, some in flight at once, and answers their ids in order. */
async function placeOrders(serviceUrl: string, order: unknown, count: number): Promise<string[]> {
  const ids: string[] = new Array<string>(count);
  let next = 0;
  const placeNext = async (): Promise<void> => {
    for (let index = next++; index < count; index = next++) {
      ids[index] = await placeOne(serviceUrl, order);
    }
  };
  await Promise.all(Array.from({ length: 16 }, placeNext));
  return ids;
}

async function createBooks(serviceUrl: string, count: number): Promise<{ id: number }[]> {
  for (let i = 1; i <= count; i += 1) {
    await expectStatus(
      'POST /books',
      send(
        `${serviceUrl}/books`,
        'POST',
        { title: `Benchmark Book ${i}`, author: `Author ${i % 7}`, year: 1990 + i },
        BOOKS_AUTH,
      ),
      201,
    );
  }
  const books = await expectStatus('GET /books', send(`${serviceUrl}/books`, 'GET'), 200);
  if (!Array.isArray(books) || books.length !== count)
    throw new Error(`books: expected ${count} books after seeding`);
  return books as { id: number }[];
}

const PRODUCT = {
  modelName: 'Aero 200',
  modelNumber: 'AR-200',
  manufacturer: 'Acme',
  color: 'graphite',
  price: 129.5,
  quantity: 12,
};

async function createProducts(
  serviceUrl: string,
  count: number,
  overrides: Partial<typeof PRODUCT> = {},
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const created = await expectStatus(
      'POST /products',
      send(`${serviceUrl}/products`, 'POST', { ...PRODUCT, modelNumber: `AR-${i}`, ...overrides }),
      201,
    );
    ids.push((created as { id: string }).id);
  }
  return ids;
}

async function createMiniStoreProducts(serviceUrl: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const created = await expectStatus(
      'POST /products',
      send(`${serviceUrl}/products`, 'POST', { name: `Widget ${i}`, price: 9.5, quantity: 3 }),
      201,
    );
    ids.push((created as { id: string }).id);
  }
  return ids;
}

/** Products in the collection while a by-id route is measured. */
const STORED_PRODUCTS = 200;

/** Enough stock that no order of a measurement runs short (each takes 1 per product). */
const STOCK_FOR_ORDERS = 1_000_000_000;

/** A customer's orders while the list is measured: more than a page, so it carries a Link. */
const ORDERS_PER_CUSTOMER = 50;

/** `POST /products` against the plain create, with what `extra` adds to each request. */
function productsPost(
  label: string,
  extra: Pick<LoadRequest, 'headers' | 'idReplacement'> = {},
): RouteScenario {
  return {
    label,
    service: 'products',
    baseline: 'products-post',
    async prepare({ serviceUrl }) {
      await createProducts(serviceUrl, STORED_PRODUCTS);
      const body = JSON.stringify(PRODUCT);
      return { request: { method: 'POST', path: '/products', ...extra, body, expectStatus: 201 } };
    },
  };
}

export const ROUTES: readonly RouteScenario[] = [
  {
    label: 'books GET /books (20 books)',
    service: 'books',
    baseline: 'books-list',
    async prepare({ serviceUrl }) {
      const books = await createBooks(serviceUrl, 20);
      return { request: { method: 'GET', path: '/books', expectStatus: 200 }, fixture: books };
    },
  },
  {
    label: 'books GET /books/:id',
    service: 'books',
    baseline: 'books-by-id',
    async prepare({ serviceUrl }) {
      const books = await createBooks(serviceUrl, 20);
      const id = books[10]?.id ?? 0;
      return {
        request: { method: 'GET', path: `/books/${id}`, expectStatus: 200 },
        fixture: books,
      };
    },
  },
  {
    label: 'tutorial GET /person/:id',
    service: 'tutorial',
    baseline: 'tutorial-person',
    prepare() {
      return Promise.resolve({ request: { method: 'GET', path: '/person/42', expectStatus: 200 } });
    },
  },
  {
    label: 'products GET /products/:id',
    service: 'products',
    baseline: 'products-get',
    async prepare({ serviceUrl }) {
      const ids = await createProducts(serviceUrl, STORED_PRODUCTS);
      const id = ids[Math.floor(ids.length / 2)] ?? '';
      return { request: { method: 'GET', path: `/products/${id}`, expectStatus: 200 } };
    },
  },
  {
    label: 'products GET /products/:id (traced)',
    service: 'products',
    baseline: 'products-get',
    traced: true,
    async prepare({ serviceUrl }) {
      const ids = await createProducts(serviceUrl, STORED_PRODUCTS);
      const id = ids[Math.floor(ids.length / 2)] ?? '';
      return { request: { method: 'GET', path: `/products/${id}`, expectStatus: 200 } };
    },
  },
  productsPost('products POST /products'),
  // Each request with a key of its own: the claim, the fingerprint and the stored answer.
  productsPost('products POST /products (Idempotency-Key)', {
    headers: { 'idempotency-key': 'bench-[<id>]' },
    idReplacement: true,
  }),
  {
    label: 'products PATCH /products/:id',
    service: 'products',
    baseline: 'products-patch',
    async prepare({ serviceUrl }) {
      const ids = await createProducts(serviceUrl, STORED_PRODUCTS);
      const id = ids[Math.floor(ids.length / 2)] ?? '';
      return {
        request: {
          method: 'PATCH',
          path: `/products/${id}`,
          body: JSON.stringify({ price: 119.0, quantity: 8 }),
          expectStatus: 200,
        },
      };
    },
  },
  {
    label: 'products POST /customers/:id/orders',
    service: 'products',
    baseline: 'customer-orders-post',
    async prepare({ serviceUrl }) {
      const ids = await createProducts(serviceUrl, 2, { quantity: STOCK_FOR_ORDERS });
      const items = ids.map((productId) => ({ productId, quantity: 1 }));
      return {
        request: {
          method: 'POST',
          path: '/customers/bench_customer/orders',
          body: JSON.stringify({ items }),
          expectStatus: 201,
        },
      };
    },
  },
  {
    label: 'products GET /customers/:id/orders',
    service: 'products',
    baseline: 'customer-orders-list',
    async prepare({ serviceUrl }) {
      const [productId] = await createProducts(serviceUrl, 1, { quantity: STOCK_FOR_ORDERS });
      for (let i = 0; i < ORDERS_PER_CUSTOMER; i += 1) {
        await expectStatus(
          'POST /customers/bench_reader/orders',
          send(`${serviceUrl}/customers/bench_reader/orders`, 'POST', {
            items: [{ productId, quantity: 1 }],
          }),
          201,
        );
      }
      return {
        request: { method: 'GET', path: '/customers/bench_reader/orders', expectStatus: 200 },
      };
    },
  },
  {
    label: 'orders POST /orders',
    service: 'orders',
    baseline: 'orders-post',
    async prepare({ serviceUrl }) {
      const order = await prepareOrder(serviceUrl);
      return {
        request: {
          method: 'POST',
          path: '/orders',
          headers: { authorization: `Bearer ${ORDERS_CUSTOMER_TOKEN}` },
          body: JSON.stringify(order),
          expectStatus: 201,
        },
        fixture: { customerToken: ORDERS_CUSTOMER_TOKEN },
      };
    },
  },
  {
    // Every request moves a pending order to in-progress, or an in-progress one to completed:
    // a write that changes the order, as the kitchen makes it, never a refused move.
    label: 'orders PATCH /orders/:id',
    service: 'orders',
    baseline: 'orders-patch',
    async prepare({ serviceUrl, loadSeconds }) {
      const order = await prepareOrder(serviceUrl);
      const moves = Math.ceil(loadSeconds * MOVES_PER_SECOND_BOUND);
      const ids = await placeOrders(serviceUrl, order, Math.ceil(moves / ORDER_MOVES.length));
      const [firstMove = ''] = ORDER_MOVES;
      return {
        request: {
          method: 'PATCH',
          path: `/orders/${ids[0] ?? ''}`,
          headers: { authorization: `Bearer ${ORDERS_STAFF_TOKEN}` },
          body: firstMove,
          walk: { paths: ids.map((id) => `/orders/${id}`), bodies: ORDER_MOVES },
          expectStatus: 200,
        },
        fixture: { staffToken: ORDERS_STAFF_TOKEN },
      };
    },
  },
  {
    label: 'mini-store GET /products/:id',
    service: 'mini-store',
    baseline: 'mini-store-get',
    async prepare({ serviceUrl }) {
      const ids = await createMiniStoreProducts(serviceUrl, STORED_PRODUCTS);
      const id = ids[Math.floor(ids.length / 2)] ?? '';
      return { request: { method: 'GET', path: `/products/${id}`, expectStatus: 200 } };
    },
  },
];

interface MenuItemView {
  id: string;
  sizes: { name: string }[];
  toppings: { name: string }[];
}

/**
 * A valid two-item order with a size, toppings and a quantity each, over the menu the service
 * seeded at start-up.
 */
async function prepareOrder(serviceUrl: string): Promise<unknown> {
  const menu = (await expectStatus('GET /menu', send(`${serviceUrl}/menu`, 'GET'), 200)) as
    MenuItemView[] | undefined;
  const withToppings = (menu ?? []).filter((item) => item.toppings.length > 0);
  if (withToppings.length < 2) throw new Error('orders: the menu needs two items with toppings');
  return {
    customerName: 'Benchmark Customer',
    items: withToppings.slice(0, 2).map((item) => ({
      menuItemId: item.id,
      size: item.sizes.at(-1)?.name,
      toppings: item.toppings.slice(0, 2).map((topping) => topping.name),
      quantity: 2,
    })),
  };
}
