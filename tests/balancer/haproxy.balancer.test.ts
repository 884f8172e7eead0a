import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runService, type RunningService } from '@repo/common';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import {
  haproxyConfig,
  startHaproxy,
  startResettingProxy,
  type RunningHaproxy,
} from './haproxy.js';

type ServiceOptions = Parameters<typeof runService>[0];

const testDb = useTestDatabase('balancer');

/** The products service as `main.ts` runs it, on a free port, over this file's database. */
async function startProducts(): Promise<RunningService> {
  const root = new URL('../../services/products/src/', import.meta.url);
  const { service } = (await import(new URL('service.ts', root).href)) as {
    service: ServiceOptions;
  };
  const { loadConfig } = (await import(new URL('config.ts', root).href)) as {
    loadConfig: (env: Record<string, string>) => ReturnType<ServiceOptions['loadConfig']>;
  };
  const env = {
    PORT: '0',
    LOG_LEVEL: 'silent',
    MONGODB_URI: testDb.uri,
    MONGODB_DB: testDb.dbName,
  };
  return runService({ ...service, ownsProcess: false, loadConfig: () => loadConfig(env) });
}

const ROUNDS = 6;

describe('HAProxy in front of two products instances, one of which resets each connection as it answers', () => {
  let first: RunningService;
  let second: RunningService;
  let resetting: Awaited<ReturnType<typeof startResettingProxy>>;
  let balancer: RunningHaproxy;

  beforeAll(async () => {
    first = await startProducts();
    second = await startProducts();
    resetting = await startResettingProxy(first.port);
    balancer = await startHaproxy((port) => haproxyConfig(port, [resetting.port, second.port]));
  });

  afterAll(async () => {
    await balancer?.stop();
    await resetting?.close();
    await first?.stop();
    await second?.stop();
  });

  const stored = (modelName: string) =>
    testDb.db.collection('products').countDocuments({ modelName });

  it('when keyed POSTs reach the instance that resets, then HAProxy retries them on the other, which replays the stored answer: each product is created exactly once', async () => {
    const answers = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const modelName = `balanced-${randomUUID()}`;
      const answer = await request(balancer.url)
        .post('/products')
        .set('Idempotency-Key', randomUUID())
        .send({ modelName });
      answers.push({
        status: answer.status,
        replayed: answer.headers['idempotent-replayed'],
        modelName,
      });
    }
    expect(
      answers.map((answer) => answer.status),
      balancer.output(),
    ).toEqual(Array(ROUNDS).fill(201));
    // Round robin sends every other first attempt to the resetting instance.
    expect(answers.filter((answer) => answer.replayed === 'true').length).toBeGreaterThan(0);
    for (const { modelName } of answers) expect(await stored(modelName)).toBe(1);
  });

  it('when POSTs without a key reach the instance that resets, then HAProxy does not retry them: the client sees the failure and nothing is created twice', async () => {
    const statuses = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const modelName = `unkeyed-${randomUUID()}`;
      const answer = await request(balancer.url).post('/products').send({ modelName });
      statuses.push(answer.status);
      expect(await stored(modelName)).toBe(1);
    }
    expect(statuses).toContain(502);
    expect(statuses).toContain(201);
  });
});
