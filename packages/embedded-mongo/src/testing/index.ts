import { randomBytes } from 'node:crypto';
import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll, inject } from 'vitest';

import './provided-context.js';

export interface TestDatabase {
  uri: string;
  dbName: string;
  client: MongoClient;
  db: Db;
  close(): Promise<void>;
}

/** The URI the global setup provided: a real MongoDB (MONGODB_URI) or the embedded server. */
function testMongoUri(): string {
  const uri = inject('mongoUri');
  if (!uri)
    throw new Error(
      'mongoUri was not provided; is the embedded-mongo global setup configured for this project?',
    );
  return uri;
}

/** A fresh database per call, so test files never see each other's data; close() drops it. */
async function openTestDatabase(prefix: string): Promise<TestDatabase> {
  const uri = testMongoUri();
  const dbName = `${prefix}_${randomBytes(6).toString('hex')}`;
  const client = new MongoClient(uri);
  await client.connect();
  const db = client.db(dbName);
  return {
    uri,
    dbName,
    client,
    db,
    async close(): Promise<void> {
      try {
        await db.dropDatabase();
      } finally {
        await client.close();
      }
    },
  };
}

/** A test file's database while its tests run; it is dropped after them. */
export type OpenTestDatabase = Omit<TestDatabase, 'close'>;

/**
 * The database of one test file: opened before its first test, dropped after its last. The
 * fields read the opened database, so the returned object can be kept at module level:
 *
 *     const database = useTestDatabase('products');
 *     it('...', async () => { await database.db.collection('x').insertOne({}); });
 */
export function useTestDatabase(prefix: string): OpenTestDatabase {
  let opened: TestDatabase | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase(prefix);
  });
  afterAll(async () => {
    await opened?.close();
    opened = undefined;
  });
  const current = (): TestDatabase => {
    if (opened === undefined) {
      throw new Error('the test database is open only while the tests of its file run');
    }
    return opened;
  };
  return {
    get uri() {
      return current().uri;
    },
    get dbName() {
      return current().dbName;
    },
    get client() {
      return current().client;
    },
    get db() {
      return current().db;
    },
  };
}
