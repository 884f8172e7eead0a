import { setTimeout as sleep } from 'node:timers/promises';
import { CheckFailure, expectStatus, field, request, type Reply } from '../http.js';
import type { Target } from './flows.js';

/** Records written and acknowledged (201) through the MongoDB services, by the URL that reads each. */
export async function writeRecords(target: Target, perService: number): Promise<string[]> {
  const urls: string[] = [];
  const customer = target.secret('ORDERS_CUSTOMER_TOKEN');
  const menu = await request(`${target.url('orders')}/menu`);
  const menuItemId = field({ ...menu, body: (menu.body as unknown[])[0] }, 'id');
  for (let n = 0; n < perService; n++) {
    const product = await request(`${target.url('products')}/products`, {
      method: 'POST',
      body: { modelName: `durable-${String(n)}`, quantity: n },
    });
    urls.push(
      `${target.url('products')}/products/${field(expectStatus('POST /products', product, 201), 'id')}`,
    );
    const item = await request(`${target.url('mini-store')}/products`, {
      method: 'POST',
      body: { name: `durable-${String(n)}`, price: 1, quantity: n },
    });
    urls.push(
      `${target.url('mini-store')}/products/${field(expectStatus('POST mini-store /products', item, 201), 'id')}`,
    );
    const order = await request(`${target.url('orders')}/orders`, {
      method: 'POST',
      token: customer,
      body: { customerName: `durable-${String(n)}`, items: [{ menuItemId }] },
    });
    urls.push(
      `${target.url('orders')}/orders/${field(expectStatus('POST /orders', order, 201), 'id')}`,
    );
  }
  return urls;
}

/** Every record reads back 200 (a service still reconnecting gets up to a minute). */
export async function readBack(target: Target, urls: readonly string[]): Promise<void> {
  const token = target.secret('ORDERS_CUSTOMER_TOKEN');
  const deadline = Date.now() + 60_000;
  const missing: string[] = [];
  for (const url of urls) {
    for (;;) {
      const reply = await request(url, { token }).catch(() => undefined);
      if (reply?.status === 200) break;
      if (Date.now() > deadline || reply?.status === 404) {
        missing.push(`${url} (${reply === undefined ? 'no answer' : String(reply.status)})`);
        break;
      }
      await sleep(500);
    }
  }
  if (missing.length > 0)
    throw new CheckFailure(
      `${String(missing.length)} of ${String(urls.length)} acknowledged writes lost: ${missing.slice(0, 3).join(', ')}`,
    );
}

/** A keyed POST as first sent, with its first answer. */
export interface KeyedWrite {
  url: string;
  body: unknown;
  key: string;
  token?: string;
  first: Reply;
}

/** One keyed POST to each route that takes an Idempotency-Key, each acknowledged (201). */
export async function writeKeyed(target: Target): Promise<KeyedWrite[]> {
  const send = async (what: string, write: Omit<KeyedWrite, 'first'>): Promise<KeyedWrite> => {
    const first = await request(write.url, {
      method: 'POST',
      body: write.body,
      idempotencyKey: write.key,
      ...(write.token === undefined ? {} : { token: write.token }),
    });
    return { ...write, first: expectStatus(what, first, 201) };
  };
  const menu = await request(`${target.url('orders')}/menu`);
  const menuItemId = field({ ...menu, body: (menu.body as unknown[])[0] }, 'id');
  const product = await send('keyed POST /products', {
    url: `${target.url('products')}/products`,
    body: { modelName: 'keyed', quantity: 5 },
    key: 'compose-restart-product',
  });
  return [
    product,
    await send('keyed POST /customers/:id/orders', {
      url: `${target.url('products')}/customers/compose-restart/orders`,
      body: { items: [{ productId: field(product.first, 'id'), quantity: 1 }] },
      key: 'compose-restart-customer-order',
    }),
    await send('keyed POST mini-store /products', {
      url: `${target.url('mini-store')}/products`,
      body: { name: 'keyed', price: 1, quantity: 1 },
      key: 'compose-restart-store-product',
    }),
    await send('keyed POST /orders', {
      url: `${target.url('orders')}/orders`,
      body: { customerName: 'keyed', items: [{ menuItemId }] },
      key: 'compose-restart-order',
      token: target.secret('ORDERS_CUSTOMER_TOKEN'),
    }),
  ];
}

/** Each keyed POST sent again gets its first answer back, replayed, and creates nothing. */
export async function replayKeyed(writes: readonly KeyedWrite[]): Promise<void> {
  const wrong: string[] = [];
  for (const { url, body, key, token, first } of writes) {
    const again = await request(url, {
      method: 'POST',
      body,
      idempotencyKey: key,
      ...(token === undefined ? {} : { token }),
    });
    if (again.replayed !== 'true' || again.status !== first.status || again.text !== first.text)
      wrong.push(
        `${url} (${String(again.status)}, Idempotent-Replayed: ${again.replayed ?? 'absent'})`,
      );
  }
  if (wrong.length > 0)
    throw new CheckFailure(
      `${String(wrong.length)} of ${String(writes.length)} keyed POSTs were not replayed: ${wrong.join(', ')}`,
    );
}
