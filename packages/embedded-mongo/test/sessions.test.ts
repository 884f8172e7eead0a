import type { MongoServerError } from 'mongodb';
import { MongoClient, type CommandStartedEvent, type Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';
import { serverError } from './support.js';

describe('sessions on a standalone', () => {
  const t = useTestDatabase('sessions');
  let monitored: MongoClient;
  const started: CommandStartedEvent[] = [];

  beforeAll(async () => {
    monitored = new MongoClient(t.uri, { monitorCommands: true });
    monitored.on('commandStarted', (event) => started.push(event));
    await monitored.connect();
  });

  afterAll(async () => {
    await monitored.close();
  });

  function commandsNamed(name: string): Document[] {
    return started.filter((e) => e.commandName === name).map((e) => e.command);
  }

  it('when hello and the legacy isMaster are asked, then both advertise logicalSessionTimeoutMinutes and no replica set', async () => {
    for (const name of ['hello', 'isMaster']) {
      const reply = await t.db.admin().command({ [name]: 1 });
      expect(reply['logicalSessionTimeoutMinutes']).toBe(30);
      expect(reply['setName']).toBeUndefined();
      expect(reply['ok']).toBe(1);
    }
  });

  it('when the driver runs commands without a session, then it attaches an implicit one (lsid)', async () => {
    await monitored.db(t.dbName).collection('implicit').insertOne({ a: 1 });
    await monitored.db(t.dbName).collection('implicit').find().toArray();
    expect(commandsNamed('insert').at(-1)?.['lsid']).toBeDefined();
    expect(commandsNamed('find').at(-1)?.['lsid']).toBeDefined();
  });

  it('when the driver writes with retryable writes on, then no txnNumber is sent: a standalone does not support them', async () => {
    const retrying = new MongoClient(t.uri, { monitorCommands: true, retryWrites: true });
    const commands: Document[] = [];
    retrying.on('commandStarted', (event) => commands.push(event.command));
    try {
      await retrying.db(t.dbName).collection('retry').insertOne({ a: 1 });
      const insert = commands.find((c) => c['insert'] === 'retry');
      expect(insert?.['lsid']).toBeDefined();
      expect(insert?.['txnNumber']).toBeUndefined();
    } finally {
      await retrying.close();
    }
  });

  it('when an explicit session ends and the client closes, then endSessions is answered', async () => {
    const client = new MongoClient(t.uri, { monitorCommands: true });
    const replies: Document[] = [];
    client.on('commandSucceeded', (event) => {
      if (event.commandName === 'endSessions') replies.push(event.reply as Document);
    });
    await client.connect();
    const session = client.startSession();
    await client.db(t.dbName).collection('explicit').insertOne({ a: 1 }, { session });
    await session.endSession();
    await client.close();
    expect(replies).toHaveLength(1);
    expect(replies[0]?.['ok']).toBe(1);
  });

  it('when refreshSessions, killSessions and startSession are run, then each answers ok', async () => {
    const admin = t.client.db('admin');
    expect((await admin.command({ refreshSessions: [] }))['ok']).toBe(1);
    expect((await admin.command({ killSessions: [] }))['ok']).toBe(1);
    const started = await admin.command({ startSession: 1 });
    expect(started['timeoutMinutes']).toBe(30);
    expect(started['id']).toBeDefined();
  });

  it('when a transaction is started, then its first write fails with IllegalOperation (20), which the driver reports as no retryable writes, and nothing is written', async () => {
    const session = t.client.startSession();
    try {
      session.startTransaction();
      const err = await serverError(t.db.collection('txn').insertOne({ a: 1 }, { session }));
      // The driver rewords the server's IllegalOperation for this case; the server's error is kept.
      expect(err.message).toMatch(/does not support retryable writes/);
      const original = (err as MongoServerError & { originalError?: MongoServerError })
        .originalError;
      expect(original?.code).toBe(20);
      expect(original?.message).toBe(
        'Transaction numbers are only allowed on a replica set member or mongos',
      );
      await session.abortTransaction().catch(() => undefined);
    } finally {
      await session.endSession();
    }
    expect(await t.db.collection('txn').countDocuments()).toBe(0);
  });

  it('when a snapshot session reads, then find, aggregate and distinct fail with NotAReplicaSet (123)', async () => {
    await t.db.collection('snap').insertOne({ x: 1 });
    const session = t.client.startSession({ snapshot: true });
    try {
      const coll = t.db.collection('snap');
      // Each read starts only when the one before has been answered, so none is left rejected
      // with no handler while an earlier one is awaited.
      for (const read of [
        () => coll.find({}, { session }).toArray(),
        () => coll.aggregate([], { session }).toArray(),
        () => coll.distinct('x', {}, { session }),
      ]) {
        const err = await serverError(read());
        expect(err.code).toBe(123);
        expect(err.message).toBe(
          'node needs to be a replica set member to use readConcern: snapshot',
        );
      }
    } finally {
      await session.endSession();
    }
  });

  it('when linearizable or afterClusterTime read concerns are asked, then they are refused as on a standalone', async () => {
    const linearizable = await serverError(
      t.db.command({ find: 'snap', readConcern: { level: 'linearizable' } }),
    );
    expect(linearizable.code).toBe(123);
    const majority = await t.db.command({ find: 'snap', readConcern: { level: 'majority' } });
    expect(majority['ok']).toBe(1);
  });
});
