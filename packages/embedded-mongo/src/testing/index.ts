import { randomBytes } from 'node:crypto';
import { MongoClient, type Db } from 'mongodb';
import { inject } from 'vitest';

import './provided-context.js';

export interface TestDatabase {
  uri: string;
  dbName: string;
  client: MongoClient;
  db: Db;
  close(): Promise<void>;
}

/** The URI the global setup provided: a real MongoDB (MONGODB_URI) or the embedded server. */
export function testMongoUri(): string {
  const uri = inject('mongoUri');
  if (!uri)
    throw new Error(
      'mongoUri was not provided; is the embedded-mongo global setup configured for this project?',
    );
  return uri;
}

/** A fresh database per call, so test files never see each other's data; close() drops it. */
export async function openTestDatabase(prefix: string): Promise<TestDatabase> {
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
