import { MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';

describe('handshake and server commands', () => {
  const t = useTestDatabase('handshake');

  it('when the driver pings, then the server answers ok: 1', async () => {
    const reply = await t.db.command({ ping: 1 });
    expect(reply['ok']).toBe(1);
  });

  it('when hello is sent, then the reply describes a writable primary with the wire limits', async () => {
    const reply = await t.db.admin().command({ hello: 1 });
    expect(reply['isWritablePrimary']).toBe(true);
    expect(reply['maxBsonObjectSize']).toBe(16 * 1024 * 1024);
    expect(reply['maxMessageSizeBytes']).toBe(48_000_000);
    expect(reply['maxWriteBatchSize']).toBe(100_000);
    expect(reply['maxWireVersion']).toBeGreaterThanOrEqual(9);
    expect(reply['localTime']).toBeInstanceOf(Date);
    expect(typeof reply['logicalSessionTimeoutMinutes']).toBe('number');
    expect(reply['ok']).toBe(1);
  });

  it('when the legacy isMaster name is used, then the reply still says ismaster: true', async () => {
    const reply = await t.db.admin().command({ isMaster: 1 });
    expect(reply['ismaster']).toBe(true);
  });

  it('when buildInfo is asked, then it reports a version string and version array', async () => {
    const reply = await t.db.admin().command({ buildInfo: 1 });
    expect(typeof reply['version']).toBe('string');
    expect(Array.isArray(reply['versionArray'])).toBe(true);
    expect(reply['ok']).toBe(1);
  });

  it('when endSessions is sent, then it succeeds', async () => {
    const session = t.client.startSession();
    await t.db.collection('sessions').insertOne({ a: 1 }, { session });
    await session.endSession();
    const reply = await t.db.admin().command({ endSessions: [] });
    expect(reply['ok']).toBe(1);
  });

  it('when an unknown command is sent, then it fails with code 59 CommandNotFound', async () => {
    const err: unknown = await t.db.command({ noSuchCommandAtAll: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect((err as MongoServerError).code).toBe(59);
    expect((err as MongoServerError).codeName).toBe('CommandNotFound');
  });

  it('when mongosh start-up commands are sent, then each is answered or fails cleanly as a server error', async () => {
    const commands = [
      'getCmdLineOpts',
      'getLog',
      'getParameter',
      'atlasVersion',
      'connectionStatus',
      'hostInfo',
      'serverStatus',
      'getFreeMonitoringStatus',
    ];
    for (const name of commands) {
      const arg = name === 'getLog' ? 'startupWarnings' : 1;
      const outcome = await t.db
        .admin()
        .command({ [name]: arg })
        .then(
          (reply) => reply['ok'],
          (err: unknown) => (err instanceof MongoServerError ? 'server-error' : err),
        );
      expect([1, 'server-error']).toContain(outcome);
    }
  });
});
