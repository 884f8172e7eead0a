import { runService, type RunningService } from '@repo/common';
import { EventStreamClient } from '@repo/common/testing';
import type { Db } from 'mongodb';
import { expect } from 'vitest';
import { loadConfig } from '../src/config.js';
import { service } from '../src/service.js';
import {
  addMenuItem,
  AS_CUSTOMER,
  AS_STAFF,
  CUSTOMER_TOKEN,
  STAFF_TOKEN,
  uniqueName,
} from './support.js';

/** Short poll and settle so events come quickly; a grace far longer than any wait here. */
export function instanceEnvironment(
  database: { dbName: string; uri: string },
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    ORDERS_CUSTOMER_TOKEN: CUSTOMER_TOKEN,
    ORDERS_STAFF_TOKEN: STAFF_TOKEN,
    MONGODB_DB: database.dbName,
    MONGODB_URI: database.uri,
    LOG_LEVEL: 'silent',
    PORT: '0',
    ORDERS_EVENTS_POLL_MS: '20',
    ORDERS_EVENTS_SETTLE_MS: '100',
    SHUTDOWN_GRACE_MS: '60000',
    SHUTDOWN_DRAIN_MS: '0',
    ...extra,
  };
}

/** Instances of the real service (connect, seed, listen) and stream clients, closed after each test. */
export function serviceInstances() {
  const running: RunningService[] = [];
  const clients: EventStreamClient[] = [];
  return {
    async start(env: Record<string, string>): Promise<RunningService> {
      const instance = await runService({
        ...service,
        ownsProcess: false,
        loadConfig: () => loadConfig(env),
        runnerEnv: env,
      });
      running.push(instance);
      return instance;
    },
    async open(url: string, headers: Record<string, string>): Promise<EventStreamClient> {
      const client = await EventStreamClient.open(url, headers);
      clients.push(client);
      return client;
    },
    async closeAll(): Promise<void> {
      for (const client of clients.splice(0)) client.close();
      await Promise.all(running.splice(0).map((instance) => instance.stop()));
    },
  };
}

/** Places an order of a menu item of its own through `url`; the answer's body. */
export async function placeOrder(
  db: Db,
  url: string,
): Promise<{ id: string; customerName: string }> {
  const item = await addMenuItem(db, { toppings: [] });
  const response = await fetch(`${url}/orders`, {
    method: 'POST',
    headers: { authorization: AS_CUSTOMER, 'content-type': 'application/json' },
    body: JSON.stringify({
      customerName: uniqueName('Customer'),
      items: [{ menuItemId: item._id.toHexString() }],
    }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; customerName: string };
}

/** `placeOrder`'s id. */
export const place = async (db: Db, url: string): Promise<string> => (await placeOrder(db, url)).id;

export async function move(url: string, id: string, status: string): Promise<void> {
  const response = await fetch(`${url}/orders/${id}`, {
    method: 'PATCH',
    headers: { authorization: AS_STAFF, 'content-type': 'application/json' },
    body: JSON.stringify({ status }),
  });
  expect(response.status).toBe(200);
}

export const idOf = (event: { data: string }) => (JSON.parse(event.data) as { id: string }).id;
