import { runService } from '@repo/common';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../src/config.js';
import { DEFAULT_MENU } from '../src/domain/default-menu.js';
import { service } from '../src/service.js';
import {
  AS_CUSTOMER,
  CUSTOMER_TOKEN,
  STAFF_TOKEN,
  uniqueName,
  type PlacedOrder,
} from './support.js';

const testDb = useTestDatabase('orders_lifecycle');

/** Any free port, this file's database, the test tokens, no log lines. */
function lifecycleConfig(): Config {
  return loadConfig({
    ORDERS_CUSTOMER_TOKEN: CUSTOMER_TOKEN,
    ORDERS_STAFF_TOKEN: STAFF_TOKEN,
    MONGODB_DB: testDb.dbName,
    MONGODB_URI: testDb.uri,
    LOG_LEVEL: 'silent',
    PORT: '0',
  });
}

/** Starts the real service (connect and seed, then listen), lets `use` call it, then stops it. */
async function whileRunning<T>(use: (url: string) => Promise<T>): Promise<T> {
  const running = await runService({ ...service, ownsProcess: false, loadConfig: lifecycleConfig });
  try {
    return await use(running.url);
  } finally {
    await running.stop();
  }
}

interface Answer {
  status: number;
  body: unknown;
}

async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, init);
  return { status: response.status, body: await response.json() };
}

describe('the running service', () => {
  it('when it starts over an empty database, then it is ready and serves the default menu', async () => {
    const [readiness, menu] = await whileRunning((url) =>
      Promise.all([call(`${url}/readyz`), call(`${url}/menu`)]),
    );

    expect(readiness).toEqual({ status: 200, body: { status: 'ready' } });
    expect(menu.status).toBe(200);
    const names = (menu.body as { name: string }[]).map((item) => item.name);
    expect(names).toEqual(DEFAULT_MENU.map((item) => item.name).sort());
  });

  it('when it is stopped and started again, then the menu is not seeded twice and a placed order is still there', async () => {
    const order = {
      customerName: uniqueName('Restart'),
      items: [{ menuItemId: DEFAULT_MENU[0]?._id.toHexString() }],
    };
    const placed = await whileRunning((url) =>
      call(`${url}/orders`, {
        method: 'POST',
        headers: { authorization: AS_CUSTOMER, 'content-type': 'application/json' },
        body: JSON.stringify(order),
      }),
    );
    expect(placed.status).toBe(201);
    const { id } = placed.body as PlacedOrder;

    const [menu, readBack] = await whileRunning((url) =>
      Promise.all([
        call(`${url}/menu`),
        call(`${url}/orders/${id}`, { headers: { authorization: AS_CUSTOMER } }),
      ]),
    );

    expect(menu.body).toHaveLength(DEFAULT_MENU.length);
    expect(readBack).toEqual({ status: 200, body: placed.body });
  });
});
