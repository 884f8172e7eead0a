import { describe, expect, it } from 'vitest';
import { startEmbeddedMongo, waitForMongo } from '../src/index.js';
import { testMongoUri } from '../src/testing/index.js';

describe('waitForMongo', () => {
  it('when the server is accepting connections, then it resolves', async () => {
    await expect(waitForMongo(testMongoUri(), 5_000)).resolves.toBeUndefined();
  });

  it('when nothing listens on the port, then it rejects once the timeout has passed', async () => {
    const server = await startEmbeddedMongo({ inMemory: true });
    const uri = server.uri;
    await server.stop();
    await expect(waitForMongo(uri, 300)).rejects.toThrow(/did not accept connections/);
  });

  it('when the URI is not a mongodb:// URI, then it rejects', async () => {
    await expect(waitForMongo('http://localhost:1', 100)).rejects.toThrow(/not a mongodb/);
  });
});
