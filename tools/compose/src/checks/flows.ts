import { expect, expectStatus, field, request } from '../http.js';

/** The services' published ports and the secrets compose gave them. */
export interface Target {
  url: (service: string) => string;
  secret: (variable: string) => string;
}

export async function probes(target: Target, service: string): Promise<void> {
  expectStatus(`${service} GET /healthz`, await request(`${target.url(service)}/healthz`), 200);
  expectStatus(`${service} GET /readyz`, await request(`${target.url(service)}/readyz`), 200);
}

/** products: a product and a customer's order of it, each created, read, changed and deleted. */
export async function productsFlow(target: Target): Promise<void> {
  const base = target.url('products');
  const id = field(
    expectStatus(
      'POST /products',
      await request(`${base}/products`, {
        method: 'POST',
        body: { modelName: 'Widget', price: 9.5, quantity: 4 },
      }),
      201,
    ),
    'id',
  );
  expectStatus('GET /products/:id', await request(`${base}/products/${id}`), 200);
  const changed = expectStatus(
    'PATCH /products/:id',
    await request(`${base}/products/${id}`, { method: 'PATCH', body: { color: 'blue' } }),
    200,
  );
  expect(field(changed, 'color') === 'blue', `PATCH /products/:id answered ${changed.text}`);
  const orderId = field(
    expectStatus(
      'POST /customers/:id/orders',
      await request(`${base}/customers/compose-check/orders`, {
        method: 'POST',
        body: { items: [{ productId: id, quantity: 1 }] },
      }),
      201,
    ),
    'id',
  );
  expectStatus('GET /orders/:id', await request(`${base}/orders/${orderId}`), 200);
  expectStatus(
    'GET /customers/:id/orders',
    await request(`${base}/customers/compose-check/orders`),
    200,
  );
  const cancelled = expectStatus(
    'PATCH /orders/:id',
    await request(`${base}/orders/${orderId}`, { method: 'PATCH', body: { status: 'cancelled' } }),
    200,
  );
  expect(
    field(cancelled, 'status') === 'cancelled',
    `PATCH /orders/:id answered ${cancelled.text}`,
  );
  expectStatus(
    'DELETE /orders/:id',
    await request(`${base}/orders/${orderId}`, { method: 'DELETE' }),
    204,
  );
  expectStatus('GET /orders/:id after DELETE', await request(`${base}/orders/${orderId}`), 404);
  expectStatus(
    'DELETE /products/:id',
    await request(`${base}/products/${id}`, { method: 'DELETE' }),
    204,
  );
  expectStatus('GET /products/:id after DELETE', await request(`${base}/products/${id}`), 404);
}

export async function booksFlow(target: Target): Promise<void> {
  const base = target.url('books');
  const token = target.secret('BOOKS_TOKEN');
  expectStatus(
    'POST /books without the token',
    await request(`${base}/books`, {
      method: 'POST',
      body: { title: 'Dune', author: 'Frank Herbert' },
    }),
    403,
  );
  const id = field(
    expectStatus(
      'POST /books',
      await request(`${base}/books`, {
        method: 'POST',
        token,
        body: { title: 'Dune', author: 'Frank Herbert', year: 1965 },
      }),
      201,
    ),
    'id',
  );
  expectStatus('GET /books/:id', await request(`${base}/books/${id}`), 200);
  expectStatus(
    'PATCH /books',
    await request(`${base}/books`, {
      method: 'PATCH',
      token,
      body: { id: Number(id), title: 'Dune (1st ed.)' },
    }),
    200,
  );
  const read = expectStatus(
    'GET /books/:id after PATCH',
    await request(`${base}/books/${id}`),
    200,
  );
  expect(
    field(read, 'title') === 'Dune (1st ed.)',
    `GET /books/:id after PATCH answered ${read.text}`,
  );
  expectStatus(
    'DELETE /books',
    await request(`${base}/books`, { method: 'DELETE', token, body: { id: Number(id) } }),
    200,
  );
  expectStatus('GET /books/:id after DELETE', await request(`${base}/books/${id}`), 404);
}

/** orders: the menu read; an order placed, read back and moved forward (orders are never deleted). */
/** The id of the first item of the shop's menu, which must not be empty. */
export async function firstMenuItemId(base: string): Promise<string> {
  const menu = expectStatus('GET /menu', await request(`${base}/menu`), 200);
  expect(
    Array.isArray(menu.body) && menu.body.length > 0,
    `GET /menu answered ${menu.text.slice(0, 200)}`,
  );
  return field({ ...menu, body: (menu.body as unknown[])[0] }, 'id');
}

/** Places an order of one menu item; its id. */
export async function placeOrder(
  base: string,
  customerToken: string,
  customerName: string,
  menuItemId: string,
): Promise<string> {
  const placed = expectStatus(
    'POST /orders',
    await request(`${base}/orders`, {
      method: 'POST',
      token: customerToken,
      body: { customerName, items: [{ menuItemId }] },
    }),
    201,
  );
  return field(placed, 'id');
}

/** Moves the order to `in-progress`, as the kitchen does, and checks the answer says so. */
export async function startOrder(base: string, staffToken: string, id: string): Promise<void> {
  const moved = expectStatus(
    'PATCH /orders/:id',
    await request(`${base}/orders/${id}`, {
      method: 'PATCH',
      token: staffToken,
      body: { status: 'in-progress' },
    }),
    200,
  );
  expect(field(moved, 'status') === 'in-progress', `PATCH /orders/:id answered ${moved.text}`);
}

export async function ordersFlow(target: Target): Promise<void> {
  const base = target.url('orders');
  const customer = target.secret('ORDERS_CUSTOMER_TOKEN');
  const menuItemId = await firstMenuItemId(base);
  expectStatus('GET /menu/:id', await request(`${base}/menu/${menuItemId}`), 200);
  const id = await placeOrder(base, customer, 'Ada', menuItemId);
  expectStatus('GET /orders/:id without the token', await request(`${base}/orders/${id}`), 401);
  expectStatus('GET /orders/:id', await request(`${base}/orders/${id}`, { token: customer }), 200);
  await startOrder(base, target.secret('ORDERS_STAFF_TOKEN'), id);
}

export async function miniStoreFlow(target: Target): Promise<void> {
  const base = target.url('mini-store');
  const id = field(
    expectStatus(
      'POST /products',
      await request(`${base}/products`, {
        method: 'POST',
        body: { name: 'Lamp', price: 19.5, quantity: 3 },
      }),
      201,
    ),
    'id',
  );
  expectStatus('GET /products/:id', await request(`${base}/products/${id}`), 200);
  expectStatus(
    'PATCH /products/:id',
    await request(`${base}/products/${id}`, { method: 'PATCH', body: { quantity: 2 } }),
    200,
  );
  const read = expectStatus(
    'GET /products/:id after PATCH',
    await request(`${base}/products/${id}`),
    200,
  );
  expect(field(read, 'quantity') === '2', `GET /products/:id after PATCH answered ${read.text}`);
  expectStatus(
    'DELETE /products/:id',
    await request(`${base}/products/${id}`, { method: 'DELETE' }),
    200,
  );
  expectStatus('GET /products/:id after DELETE', await request(`${base}/products/${id}`), 404);
}

/** tutorial keeps nothing: its routes answer, and POST /tracks echoes the track it was sent. */
export async function tutorialFlow(target: Target): Promise<void> {
  const base = target.url('tutorial');
  expectStatus('GET /', await request(`${base}/`), 200);
  const person = expectStatus('GET /person/7', await request(`${base}/person/7`), 200);
  expect(person.text === 'You asked for person 7', `GET /person/7 answered ${person.text}`);
  expectStatus('GET /person/x', await request(`${base}/person/x`), 400);
  expectStatus(
    'POST /tracks',
    await request(`${base}/tracks`, {
      method: 'POST',
      body: { artist: 'A', title: 'T', album: 'L', year: 1999 },
    }),
    200,
  );
}

export const FLOWS: Record<string, (target: Target) => Promise<void>> = {
  products: productsFlow,
  books: booksFlow,
  orders: ordersFlow,
  'mini-store': miniStoreFlow,
  tutorial: tutorialFlow,
};
