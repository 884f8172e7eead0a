import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src/index.js';
import { serverError } from './support.js';

/**
 * What this server refuses where MongoDB would comply (its README's "What it does not do"). These
 * tests are about this server, not MongoDB, so they start it themselves and hold even when the
 * rest of the suite runs against a real MongoDB through MONGODB_URI.
 */
describe('features the embedded server refuses', () => {
  let server: EmbeddedMongo;
  let client: MongoClient;
  let db: Db;

  beforeAll(async () => {
    server = await startEmbeddedMongo({ inMemory: true });
    client = await new MongoClient(server.uri).connect();
    db = client.db('refusals');
  });

  afterAll(async () => {
    await client.close();
    await server.stop();
  });

  async function collectionNames(): Promise<string[]> {
    return (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
  }

  it('when a time-series collection is asked for, then create fails with 115 naming it and nothing is created', async () => {
    const err = await serverError(
      db.createCollection('metrics', { timeseries: { timeField: 'ts' } }),
    );
    expect(err.code).toBe(115);
    expect(err.message).toBe('time-series collections are not supported by the embedded server');
    expect(await collectionNames()).not.toContain('metrics');
  });

  it('when a collection or view is created with a default collation, then it fails with 115 and nothing is created', async () => {
    const err = await serverError(db.createCollection('collated', { collation: { locale: 'fr' } }));
    expect(err.code).toBe(115);
    expect(err.message).toContain('default collation');
    const viewErr = await serverError(
      db.createCollection('collated_view', { viewOn: 'odd', collation: { locale: 'fr' } }),
    );
    expect(viewErr.code).toBe(115);
    expect(await collectionNames()).not.toContain('collated');
    expect(await collectionNames()).not.toContain('collated_view');
  });

  it('when an aggregation uses a stage the server does not run, then it fails with 115 naming the stage', async () => {
    const err = await serverError(
      db
        .collection('any')
        .aggregate([{ $indexStats: {} }])
        .toArray(),
    );
    expect(err.code).toBe(115);
    expect(err.message).toContain('$indexStats');
  });
});
