// A relay alone in a process, for the test that kills it between a publication and its record:
// its cursor says on stdout when it is read, and when the relay is about to record a position,
// then never records it (the parent kills the process with SIGKILL on that line).
import { silentLogger } from '@repo/common';
import { MongoClient } from 'mongodb';
import { createOrdersRepository } from '../src/data/orders-repository.js';
import { formatEventId } from '../src/domain/order-event.js';
import { openNatsLink } from '../src/relay/nats-link.js';
import { startOrderEventRelay } from '../src/relay/order-event-relay.js';
import { createRelayCursorRepository } from '../src/relay/relay-cursor-repository.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is required`);
  return value;
};

const client = await MongoClient.connect(env('MONGODB_URI'));
const db = client.db(env('MONGODB_DB'));
const cursor = createRelayCursorRepository(db);
const retry = { firstMs: 50, maxMs: 500 };
startOrderEventRelay(
  {
    orders: createOrdersRepository(db),
    cursor: {
      async readOrStart(start) {
        const key = await cursor.readOrStart(start);
        process.stdout.write(`cursor ${formatEventId(key)}\n`);
        return key;
      },
      advance(key) {
        process.stdout.write(`recording ${formatEventId(key)}\n`);
        return new Promise<void>(() => undefined);
      },
    },
    link: openNatsLink(env('NATS_URL'), silentLogger(), retry),
    logger: silentLogger(),
  },
  { pollMs: 20, settleMs: 100, replicas: 1, retry, publishTimeoutMs: 5_000 },
);
