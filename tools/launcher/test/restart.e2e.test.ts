import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRETS } from '../src/services.js';
import {
  freePorts,
  launcherEnv,
  placeArgs,
  READY,
  startLauncher,
  waitForExit,
  waitForOutput,
  type LauncherRun,
} from './support.js';

/** The launcher's line when the menu was seeded: only a first start with an empty database. */
const MENU_SEEDED = 'menu was empty: stored the default menu';

function tokenOf(variable: string): string {
  const secret = SECRETS.find((candidate) => candidate.variable === variable);
  if (secret === undefined) throw new Error(`no ${variable} in services/registry.json`);
  return `Bearer ${secret.developmentValue}`;
}

interface Answer {
  status: number;
  replayed: string | null;
  body: unknown;
}

async function answerOf(response: Response): Promise<Answer> {
  return {
    status: response.status,
    replayed: response.headers.get('idempotent-replayed'),
    body: await response.json(),
  };
}

interface MenuItem {
  id: string;
  sizes: { name: string }[];
  crusts: string[];
}

/** A keyed POST, sent the same way before and after the restart. */
interface KeyedPost {
  url: string;
  body: object;
  key: string;
  authorization?: string;
}

async function post({ url, body, key, authorization }: KeyedPost): Promise<Answer> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'idempotency-key': key,
  };
  if (authorization !== undefined) headers.authorization = authorization;
  return answerOf(await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) }));
}

async function get(url: string, authorization?: string): Promise<Answer> {
  return answerOf(
    await fetch(url, authorization === undefined ? {} : { headers: { authorization } }),
  );
}

function idOf(answer: Answer): string {
  const { id, _id } = answer.body as { id?: unknown; _id?: unknown };
  const found = id ?? _id;
  if (typeof found !== 'string') throw new Error(`no id in ${JSON.stringify(answer.body)}`);
  return found;
}

/**
 * What a person does: `npm start`, store something of every kind, Ctrl-C, `npm start` again on the
 * same data folder. Everything stored must be there, and every keyed POST sent again must get its
 * first answer back, replayed, rather than create a second resource.
 */
describe('npm start stopped with Ctrl-C and started again keeps everything the services store', () => {
  let dataDir: string;
  let args: string[];
  let url: (service: string, path: string) => string;
  let run: LauncherRun | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'launcher-restart-'));
    const [products, books, orders, miniStore, tutorial, mongo] = (await freePorts(6)) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const ports: Record<string, number> = {
      products,
      books,
      orders,
      'mini-store': miniStore,
      tutorial,
    };
    args = placeArgs(dataDir, ports, mongo);
    url = (service, path) => `http://127.0.0.1:${ports[service]}${path}`;
  });

  afterAll(async () => {
    // Only reached with the launcher still running when a test failed midway.
    if (run && run.child.exitCode === null) {
      run.child.kill('SIGTERM');
      await waitForExit(run, 30_000).catch(() => undefined);
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<LauncherRun> {
    run = startLauncher(args, { ...launcherEnv(), LOG_LEVEL: 'info' });
    await waitForOutput(run, READY, 90_000);
    return run;
  }

  async function stopWithCtrlC(started: LauncherRun): Promise<void> {
    started.child.kill('SIGINT');
    expect(await waitForExit(started, 45_000), started.output().slice(-4000)).toBe(0);
  }

  it('when every kind is stored, the launcher stopped with SIGINT and started again, then each is there and each keyed POST is replayed with Idempotent-Replayed: true', async () => {
    const first = await start();
    expect(first.output()).toContain(MENU_SEEDED);

    const product: KeyedPost = {
      url: url('products', '/products'),
      body: { modelName: 'Restart widget', manufacturer: 'Acme', price: 9.99, quantity: 5 },
      key: 'restart-product',
    };
    const createdProduct = await post(product);
    expect(createdProduct.status).toBe(201);
    const customerOrder: KeyedPost = {
      url: url('products', '/customers/cust_restart/orders'),
      body: { items: [{ productId: idOf(createdProduct), quantity: 2 }] },
      key: 'restart-customer-order',
    };
    const storeProduct: KeyedPost = {
      url: url('mini-store', '/products'),
      body: { name: 'Restart lamp', price: 19.5, quantity: 3 },
      key: 'restart-store-product',
    };
    const menu = await get(url('orders', '/menu'));
    expect(menu.status).toBe(200);
    // A pizza of the menu, in its first size and crust.
    const [pizza] = (menu.body as MenuItem[]).filter((item) => item.crusts.length > 0);
    if (pizza === undefined) throw new Error('the menu has no pizza');
    const item = {
      menuItemId: pizza.id,
      size: pizza.sizes[0]?.name,
      crust: pizza.crusts[0],
      toppings: [],
      quantity: 1,
    };
    const pizzaOrder: KeyedPost = {
      url: url('orders', '/orders'),
      body: { customerName: 'Ada', items: [item] },
      key: 'abc-123',
      authorization: tokenOf('ORDERS_CUSTOMER_TOKEN'),
    };
    const keyed = [product, customerOrder, storeProduct, pizzaOrder];
    const firstAnswers = [createdProduct];
    for (const request of keyed.slice(1)) firstAnswers.push(await post(request));
    for (const answer of firstAnswers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answer.replayed).toBeNull();
    }
    const [, createdCustomerOrder, createdStoreProduct, createdPizzaOrder] = firstAnswers as [
      Answer,
      Answer,
      Answer,
      Answer,
    ];
    // Each resource as read back, before the stop.
    const reads = [
      { at: url('products', `/products/${idOf(createdProduct)}`) },
      { at: url('products', `/orders/${idOf(createdCustomerOrder)}`) },
      { at: url('mini-store', `/products/${idOf(createdStoreProduct)}`) },
      {
        at: url('orders', `/orders/${idOf(createdPizzaOrder)}`),
        authorization: tokenOf('ORDERS_CUSTOMER_TOKEN'),
      },
      { at: url('orders', '/menu') },
    ];
    const before = await Promise.all(reads.map(({ at, authorization }) => get(at, authorization)));
    for (const answer of before) expect(answer.status).toBe(200);

    await stopWithCtrlC(first);
    const second = await start();

    const after = await Promise.all(reads.map(({ at, authorization }) => get(at, authorization)));
    expect(after.map(({ status, body }) => ({ status, body }))).toEqual(
      before.map(({ status, body }) => ({ status, body })),
    );
    // The menu was read back, not seeded again.
    expect(second.output()).not.toContain(MENU_SEEDED);

    for (const [index, request] of keyed.entries()) {
      const replay = await post(request);
      expect(replay.replayed, request.url).toBe('true');
      expect(replay.status).toBe(201);
      expect(replay.body).toEqual(firstAnswers[index]?.body);
    }
    const stored = await get(url('products', '/products'));
    const named = (stored.body as { modelName: string }[]).filter(
      (item) => item.modelName === 'Restart widget',
    );
    expect(named).toHaveLength(1);
    const pizzaOrders = await get(url('orders', '/orders'), tokenOf('ORDERS_STAFF_TOKEN'));
    const ada = (pizzaOrders.body as { customerName: string }[]).filter(
      (order) => order.customerName === 'Ada',
    );
    expect(ada).toHaveLength(1);

    await stopWithCtrlC(second);
  }, 240_000);
});
