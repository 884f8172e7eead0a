import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Express } from 'express';
import { MongoClient, type Db } from 'mongodb';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addErrorHandlers,
  createApiDocument,
  createHttpApp,
  createMemoryIdempotencyStore,
  DEFAULT_IDEMPOTENCY_TTL_SECONDS,
  errorResponse,
  idempotencyVariables,
  idempotentRoute,
  jsonErrorRenderer,
  jsonResponse,
  loadEnv,
  registerRoutes,
  silentLogger,
  type IdempotencyDeps,
  type IdempotencyStore,
  type Route,
  jsonErrorTooManyRequests,
} from '@repo/common';
import { createMongoIdempotencyStore, IDEMPOTENCY_COLLECTION } from '@repo/common/mongo';
import { startEmbeddedMongo, type EmbeddedMongo } from '@repo/embedded-mongo';
import { useTestDatabase } from '@repo/embedded-mongo/testing';

interface Deps extends IdempotencyDeps {
  created: string[];
}

/** One keyed route that creates a thing, answering 201 with its id and a Location. */
const routes: Route<Deps>[] = [
  {
    method: 'post',
    path: '/things',
    summary: 'Create a thing',
    responses: {
      201: jsonResponse('Created.', z.strictObject({ id: z.string() })),
      409: errorResponse('Something of the route itself.', 'taken'),
    },
    idempotency: idempotentRoute(errorResponse),
    handle(_req, res, { created }) {
      const id = randomUUID();
      created.push(id);
      res.status(201).location(`/things/${id}`).json({ id });
    },
  },
];

function thingsApp(idempotency: IdempotencyStore, created: string[] = []): Express {
  const logger = silentLogger();
  const app = createHttpApp({ logger });
  registerRoutes(app, routes, { idempotency, logger, created });
  addErrorHandlers(app, { logger, renderError: jsonErrorRenderer('Something went wrong') });
  return app;
}

const postThing = (app: Express, key: string) =>
  request(app).post('/things').set('Idempotency-Key', key).send({ name: 'thing' });

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await sleep(100);
  }
}

describe('IDEMPOTENCY_TTL_SECONDS', () => {
  const load = (value?: string) =>
    loadEnv(
      z.object(idempotencyVariables()),
      value === undefined ? {} : { IDEMPOTENCY_TTL_SECONDS: value },
    );

  it('when unset, then keys are kept a day; when set, then for that many seconds', () => {
    expect(load().IDEMPOTENCY_TTL_SECONDS).toBe(DEFAULT_IDEMPOTENCY_TTL_SECONDS);
    expect(DEFAULT_IDEMPOTENCY_TTL_SECONDS).toBe(86_400);
    expect(load('60').IDEMPOTENCY_TTL_SECONDS).toBe(60);
  });

  it.each(['0', '-5', '1.5', 'a day', '', '31536001'])(
    'when it is %j, then start-up stops naming it',
    (value) => {
      expect(() => load(value)).toThrow(/IDEMPOTENCY_TTL_SECONDS/);
    },
  );
});

describe('the MongoDB key store', () => {
  const testDb = useTestDatabase('common_idempotency');

  it('when twenty requests with one key arrive at once, then the route runs once and every other answer is its replay or a 409', async () => {
    const created: string[] = [];
    const app = thingsApp(createMongoIdempotencyStore(testDb.db, { ttlSeconds: 60 }), created);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => postThing(app, key)));
    expect(created).toHaveLength(1);
    const [id] = created;
    for (const answer of answers) {
      if (answer.status === 409) continue;
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({ id });
      expect(answer.headers.location).toBe(`/things/${id}`);
    }
  });

  it('when a second app with its own client, as after a restart, gets the repeat, then it replays the stored answer, Location included', async () => {
    const key = randomUUID();
    const firstClient = await new MongoClient(testDb.uri).connect();
    const secondClient = await new MongoClient(testDb.uri).connect();
    try {
      const open = (client: MongoClient): Db => client.db(testDb.dbName);
      const firstCreated: string[] = [];
      const secondCreated: string[] = [];
      const first = await postThing(
        thingsApp(createMongoIdempotencyStore(open(firstClient), { ttlSeconds: 60 }), firstCreated),
        key,
      );
      await firstClient.close();
      const again = await postThing(
        thingsApp(
          createMongoIdempotencyStore(open(secondClient), { ttlSeconds: 60 }),
          secondCreated,
        ),
        key,
      );
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.text).toBe(first.text);
      expect(again.headers.location).toBe(first.headers.location);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect([firstCreated.length, secondCreated.length]).toEqual([1, 0]);
    } finally {
      await firstClient.close();
      await secondClient.close();
    }
  });

  it('when a claim is left unanswered past its lease (its process stopped), then the next request with the key takes it over', async () => {
    const store = createMongoIdempotencyStore(testDb.db, { ttlSeconds: 60, leaseMs: 200 });
    const start = new Date();
    expect(await store.claim('abandoned', 'fp', start)).toEqual({ claimed: true });
    expect(await store.claim('abandoned', 'fp', new Date(start.getTime() + 100))).toEqual({
      claimed: false,
      record: { fingerprint: 'fp' },
    });
    expect(await store.claim('abandoned', 'fp', new Date(start.getTime() + 300))).toEqual({
      claimed: true,
    });
  });

  it('when the store is set up, then its collection has the TTL index on expiresAt', async () => {
    await createMongoIdempotencyStore(testDb.db, { ttlSeconds: 60 }).ensureIndexes();
    const indexes = await testDb.db.collection(IDEMPOTENCY_COLLECTION).indexes();
    expect(indexes).toContainEqual(
      expect.objectContaining({ key: { expiresAt: 1 }, expireAfterSeconds: 0 }),
    );
  });
});

describe('keys past IDEMPOTENCY_TTL_SECONDS', () => {
  // A server of its own whose TTL monitor runs every second, as mongod's does when told to.
  let server: EmbeddedMongo;
  let client: MongoClient;
  beforeAll(async () => {
    server = await startEmbeddedMongo({ inMemory: true, setParameter: { ttlMonitorSleepSecs: 1 } });
    client = await new MongoClient(server.uri).connect();
  });
  afterAll(async () => {
    await client.close();
    await server.stop();
  });

  it('when a key has expired, then the server deletes it and the same request is processed anew', async () => {
    const db = client.db('ttl');
    const store = createMongoIdempotencyStore(db, { ttlSeconds: 1 });
    await store.ensureIndexes();
    const created: string[] = [];
    const app = thingsApp(store, created);
    const key = randomUUID();
    const first = await postThing(app, key);
    expect(first.status).toBe(201);
    expect(await db.collection(IDEMPOTENCY_COLLECTION).countDocuments()).toBe(1);
    await waitFor(async () => (await db.collection(IDEMPOTENCY_COLLECTION).countDocuments()) === 0);
    const later = await postThing(app, key);
    expect(later.status).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.text).not.toBe(first.text);
    expect(created).toHaveLength(2);
  });
});

describe('the in-memory key store', () => {
  it('when a key has expired, then it is forgotten and the request is processed anew', async () => {
    const store = createMemoryIdempotencyStore({ ttlSeconds: 1 });
    const start = new Date();
    expect(await store.claim('k', 'fp', start)).toEqual({ claimed: true });
    await store.complete('k', { status: 201, headers: {}, body: Buffer.from('{}') });
    expect(await store.claim('k', 'fp', new Date(start.getTime() + 999))).toMatchObject({
      claimed: false,
      record: { response: { status: 201 } },
    });
    expect(await store.claim('k', 'fp', new Date(start.getTime() + 1_000))).toEqual({
      claimed: true,
    });
  });
});

describe('the OpenAPI description of a keyed route', () => {
  const document = createApiDocument({
    service: 'things',
    version: '1.0.0',
    summary: 'Things.',
    routes,
    tooManyRequests: jsonErrorTooManyRequests,
    unmatchedRoute: {
      description: 'No route.',
      mediaType: 'text/plain',
      schema: z.string(),
      example: 'Cannot GET /',
    },
  });
  const operation = document.paths?.['/things']?.post;

  it('when the document is built, then the route takes the optional Idempotency-Key header and documents 400, 409 and 422', () => {
    expect(operation?.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
    );
    expect(Object.keys(operation?.responses ?? {})).toEqual(['201', '400', '409', '422', '429']);
    expect(JSON.stringify(operation?.responses?.['409'])).toContain(
      'Something of the route itself. Or: A request with the same Idempotency-Key is still being processed',
    );
    expect(JSON.stringify(operation?.responses?.['201'])).toContain('Idempotent-Replayed');
  });
});
