import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../src/testing/index.js';

describe('handshake and basic commands', () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await openTestDatabase('handshake');
  });

  afterAll(async () => {
    await t.close();
  });

  it('when the driver connects and pings, then the server answers ok: 1', async () => {
    const reply = await t.db.command({ ping: 1 });
    expect(reply['ok']).toBe(1);
  });

  it('when hello is sent, then the reply describes a writable primary with wire limits', async () => {
    const reply = await t.db.admin().command({ hello: 1 });
    expect(reply['isWritablePrimary']).toBe(true);
    expect(reply['maxBsonObjectSize']).toBe(16 * 1024 * 1024);
    expect(reply['maxMessageSizeBytes']).toBe(48_000_000);
    expect(reply['maxWriteBatchSize']).toBe(100_000);
    expect(reply['maxWireVersion']).toBeGreaterThanOrEqual(9);
    expect(reply['localTime']).toBeInstanceOf(Date);
    expect(typeof reply['logicalSessionTimeoutMinutes']).toBe('number');
  });

  it('when a document is inserted and read back by _id, then it is the same document', async () => {
    const coll = t.db.collection<{ _id: string; name: string }>('people');
    await coll.insertOne({ _id: 'a', name: 'Ada' });
    expect(await coll.findOne({ _id: 'a' })).toEqual({ _id: 'a', name: 'Ada' });
  });
});
