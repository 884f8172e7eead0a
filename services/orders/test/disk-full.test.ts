import { runService } from '@repo/common';
import { describeDiskFull } from '@repo/common/testing';
import { startEmbeddedMongo } from '@repo/embedded-mongo';
import { loadConfig } from '../src/config.js';
import { service } from '../src/service.js';
import { AS_CUSTOMER, CUSTOMER_TOKEN, STAFF_TOKEN } from './support.js';

/** The first menu item's id, read once from the service. */
let menuItemId: string | undefined;

async function firstMenuItem(url: string): Promise<string> {
  if (menuItemId === undefined) {
    const menu = (await (await fetch(`${url}/menu`)).json()) as Array<{ id: string }>;
    menuItemId = menu[0]?.id;
  }
  if (menuItemId === undefined) throw new Error('the menu is empty');
  return menuItemId;
}

describeDiskFull({
  startDatabase: (dbPath) => startEmbeddedMongo({ port: 0, host: '127.0.0.1', dbPath }),
  startService: (uri, dbName) => {
    const config = loadConfig({
      ORDERS_CUSTOMER_TOKEN: CUSTOMER_TOKEN,
      ORDERS_STAFF_TOKEN: STAFF_TOKEN,
      PORT: '0',
      LOG_LEVEL: 'silent',
      MONGODB_URI: uri,
      MONGODB_DB: dbName,
    });
    return runService({ ...service, ownsProcess: false, loadConfig: () => config });
  },
  write: async (url, n) =>
    fetch(`${url}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: AS_CUSTOMER },
      body: JSON.stringify({
        customerName: `disk-full-${n}-${'x'.repeat(2_000)}`,
        items: [{ menuItemId: await firstMenuItem(url) }],
      }),
    }),
  read: (url) => fetch(`${url}/menu`),
  generic500: /^\{"error":"An error has occurred on our end"\}$/,
});
