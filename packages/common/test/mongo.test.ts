import { createServer } from 'node:net';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  addErrorHandlers,
  createHttpApp,
  describeMongoHost,
  inputReader,
  jsonErrorRenderer,
  NotFoundError,
  silentLogger,
} from '@repo/common';
import { connectMongo, objectIdSchema } from '@repo/common/mongo';
import { MongoConnectError } from '../src/mongo/connect-error.js';

describe('objectIdSchema through a route', () => {
  const logger = silentLogger();
  const app = createHttpApp({ logger });
  const readThingId = inputReader(
    objectIdSchema,
    (_error, input) => new NotFoundError(`no thing ${String(input)}`),
  );
  app.get('/things/:id', (req, res) => {
    res.json({ id: readThingId(req.params.id).toHexString() });
  });
  addErrorHandlers(app, { logger, renderError: jsonErrorRenderer('Something went wrong') });

  it('when the id is 24 lowercase hex characters, then it parses', async () => {
    await request(app)
      .get('/things/65a1b2c3d4e5f60718293a4b')
      .expect(200, { id: '65a1b2c3d4e5f60718293a4b' });
  });

  it('when the id has upper-case hex, then it does not parse (ids are matched as the services write them)', async () => {
    await request(app)
      .get('/things/65A1B2C3D4E5F60718293A4B')
      .expect(404, { error: 'no thing 65A1B2C3D4E5F60718293A4B' });
  });

  it.each([
    '123',
    '65a1b2c3d4e5f60718293a4',
    '65a1b2c3d4e5f60718293a4bc',
    'zza1b2c3d4e5f60718293a4b',
    'twelve-chars',
  ])('when the id is %s, then it does not parse (and never throws)', async (text) => {
    await request(app).get(`/things/${text}`).expect(404);
  });
});

describe('describeMongoHost', () => {
  it('when the URI has credentials and options, then only the hosts remain', () => {
    expect(describeMongoHost('mongodb://user:p4ss@db1:27017,db2:27017/app?replicaSet=rs0')).toBe(
      'db1:27017,db2:27017',
    );
    expect(describeMongoHost('mongodb+srv://cluster0.example.net')).toBe('cluster0.example.net');
    expect(describeMongoHost('mongodb://127.0.0.1:27017')).toBe('127.0.0.1:27017');
  });
});

describe('connectMongo', () => {
  it('when nothing listens at the address, then it gives up after the bounded attempts with a message naming the host', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const address = probe.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const failure = await connectMongo(`mongodb://user:secret@127.0.0.1:${port}`, {
      attempts: 2,
      retryDelayMs: 10,
      attemptTimeoutMs: 200,
    }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(MongoConnectError);
    const message = (failure as Error).message;
    expect(message).toContain(
      `Could not connect to MongoDB at 127.0.0.1:${port} after 2 attempt(s)`,
    );
    expect(message).not.toContain('secret');
  });
});
