import { Binary, MongoClient, type Document } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';
import { serverError, type AnyDocument } from './support.js';

describe('$listLocalSessions', () => {
  const t = useTestDatabase('agg_sessions');
  const items = () => t.db.collection<AnyDocument>('items');

  it('when $listLocalSessions runs on admin with {aggregate: 1}, then the calling session is listed', async () => {
    const client = new MongoClient(t.uri);
    try {
      const session = client.startSession();
      const sessions = await client
        .db('admin')
        .aggregate<Document>([{ $listLocalSessions: {} }], { session })
        .toArray();
      const ids = sessions.map((s) => (s['_id'] as { id: Binary }).id.toString('hex'));
      expect(ids).toContain((session.id?.['id'] as Binary).toString('hex'));
      const mine = sessions[ids.indexOf((session.id?.['id'] as Binary).toString('hex'))];
      expect(mine?.['lastUse']).toBeInstanceOf(Date);
      expect((mine?.['_id'] as { uid: unknown }).uid).toBeInstanceOf(Binary);
      await session.endSession();
    } finally {
      await client.close();
    }
  });

  it('when $listLocalSessions runs on a collection, then it fails with InvalidNamespace (73)', async () => {
    const error = await serverError(
      items()
        .aggregate([{ $listLocalSessions: {} }])
        .toArray(),
    );
    expect(error.code).toBe(73);
  });
});
