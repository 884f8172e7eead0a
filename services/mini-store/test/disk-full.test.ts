import { runService } from '@repo/common';
import { describeDiskFull } from '@repo/common/testing';
import { startEmbeddedMongo } from '@repo/embedded-mongo';
import { loadConfig } from '../src/config.js';
import { service } from '../src/service.js';

describeDiskFull({
  startDatabase: (dbPath) => startEmbeddedMongo({ port: 0, host: '127.0.0.1', dbPath }),
  startService: (uri, dbName) => {
    const config = loadConfig({
      PORT: '0',
      LOG_LEVEL: 'silent',
      MONGODB_URI: uri,
      MONGODB_DB: dbName,
    });
    return runService({ ...service, ownsProcess: false, loadConfig: () => config });
  },
  write: (url, n) =>
    fetch(`${url}/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `disk-full-${n}-${'x'.repeat(2_000)}`, price: 2, quantity: 3 }),
    }),
  read: (url) => fetch(`${url}/products`),
  generic500: /^\{"error":"Internal Server Error","requestId":"[^"]+"\}$/,
});
