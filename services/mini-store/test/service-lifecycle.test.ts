import { describe, expect, it } from 'vitest';
import { runService, type RunningService } from '@repo/common';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { loadConfig } from '../src/config.js';
import { service as miniStoreService } from '../src/service.js';
import { uniqueName } from './support.js';

const testDb = useTestDatabase('mini_store_lifecycle');

/** The real service (connect, then listen) on a free port over this file's database. */
function startService(): Promise<RunningService> {
  return runService({
    ...miniStoreService,
    ownsProcess: false,
    loadConfig: () =>
      loadConfig({
        PORT: '0',
        LOG_LEVEL: 'silent',
        MONGODB_URI: testDb.uri,
        MONGODB_DB: testDb.dbName,
      }),
  });
}

describe('the running service', () => {
  it('when it has started, then it is ready and serves /products over HTTP', async () => {
    const service = await startService();
    try {
      const ready = await fetch(`${service.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready' });
      const list = await fetch(`${service.url}/products`);
      expect(list.status).toBe(200);
      expect(Array.isArray(await list.json())).toBe(true);
    } finally {
      await service.stop();
    }
  });

  it('when the service is stopped and started again, then it reads back the products stored before', async () => {
    const name = uniqueName('survivor');
    const first = await startService();
    let id: string;
    try {
      const created = await fetch(`${first.url}/products`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, price: 9.99, quantity: 2 }),
      });
      expect(created.status).toBe(201);
      ({ id } = (await created.json()) as { id: string });
    } finally {
      await first.stop();
    }

    const second = await startService();
    try {
      const response = await fetch(`${second.url}/products/${id}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ _id: id, name, price: 9.99, quantity: 2 });
    } finally {
      await second.stop();
    }
  });
});
