import { connect } from 'node:net';
import { Long, MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/testing/index.js';

/** Where the server of a single-host URI listens: a TCP host and port, or a Unix socket. */
function addressOf(uri: string): { host: string; port: number } | { path: string } {
  const hosts = /^mongodb:\/\/([^/?]+)/.exec(uri)?.[1] ?? '';
  if (hosts.endsWith('.sock')) return { path: decodeURIComponent(hosts) };
  const url = new URL(`http://${hosts}`);
  return { host: url.hostname, port: Number(url.port || 27017) };
}

/** Sends raw bytes and resolves when the server closes the connection (or replies, if allowed). */
function sendRaw(uri: string, bytes: Buffer, replyAllowed = false): Promise<'closed' | 'replied'> {
  return new Promise((resolve, reject) => {
    const socket = connect(addressOf(uri), () => socket.write(bytes));
    socket.on('data', () => {
      if (!replyAllowed) return;
      socket.destroy();
      resolve('replied');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve('closed'));
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error('server kept the bad connection open'));
    });
  });
}

function header(length: number, opCode: number): Buffer {
  const buf = Buffer.alloc(16);
  buf.writeInt32LE(length, 0);
  buf.writeInt32LE(1, 4);
  buf.writeInt32LE(0, 8);
  buf.writeInt32LE(opCode, 12);
  return buf;
}

describe('errors and robustness', () => {
  const t = useTestDatabase('errors');

  it('when a write carries txnNumber, then it fails with IllegalOperation (20) and nothing is written', async () => {
    const err: unknown = await t.db
      .command({ insert: 'txn', documents: [{ a: 1 }], txnNumber: Long.fromNumber(1) })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect((err as MongoServerError).code).toBe(20);
    expect(await t.db.collection('txn').countDocuments()).toBe(0);
  });

  it('when a transaction is started through the driver, then the write is refused', async () => {
    const session = t.client.startSession();
    try {
      session.startTransaction();
      const err: unknown = await t.db
        .collection('txn2')
        .insertOne({ a: 1 }, { session })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
    } finally {
      await session.abortTransaction().catch(() => undefined);
      await session.endSession();
    }
    expect(await t.db.collection('txn2').countDocuments()).toBe(0);
  });

  it('when a change stream is opened, then it fails with a server error instead of hanging', async () => {
    await t.db.collection('watched').insertOne({ a: 1 });
    const stream = t.db.collection('watched').watch();
    const err: unknown = await stream.tryNext().catch((e: unknown) => e);
    await stream.close();
    expect(err).toBeInstanceOf(MongoServerError);
  });

  it('when saslStart is sent, then it fails with a server error', async () => {
    const err: unknown = await t.db
      .admin()
      .command({
        saslStart: 1,
        mechanism: 'SCRAM-SHA-256',
        payload: Buffer.from('n,,n=user,r=abc'),
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MongoServerError);
  });

  it('when a message declares an impossible length, then that connection is closed and the server keeps serving', async () => {
    expect(await sendRaw(t.uri, Buffer.concat([header(3, 2013), Buffer.alloc(16)]))).toBe('closed');
    expect((await t.db.command({ ping: 1 }))['ok']).toBe(1);
  });

  it('when a message is larger than maxMessageSizeBytes, then that connection is closed and the server keeps serving', async () => {
    expect(await sendRaw(t.uri, header(48_000_001, 2013))).toBe('closed');
    expect((await t.db.command({ ping: 1 }))['ok']).toBe(1);
  });

  it('when an OP_MSG body is not valid BSON, then the connection gets an error or is closed and the server keeps serving', async () => {
    const body = Buffer.from([
      0, 0, 0, 0, 0, 0x20, 0, 0, 0, 0x02, 0x61, 0x00, 0xff, 0xff, 0xff, 0x7f,
    ]);
    const msg = Buffer.concat([header(16 + body.length + 16, 2013), body, Buffer.alloc(16, 0x41)]);
    const outcome = await new Promise<string>((resolve) => {
      const socket = connect(addressOf(t.uri), () => socket.write(msg));
      socket.on('data', () => {
        socket.destroy();
        resolve('replied');
      });
      socket.on('error', () => undefined);
      socket.on('close', () => resolve('closed'));
    });
    expect(['replied', 'closed']).toContain(outcome);
    expect((await t.db.command({ ping: 1 }))['ok']).toBe(1);
  });

  it('when an unknown opcode arrives, then that connection is refused or closed and the server keeps serving', async () => {
    expect(['closed', 'replied']).toContain(
      await sendRaw(t.uri, Buffer.concat([header(20, 9999), Buffer.alloc(4)]), true),
    );
    expect((await t.db.command({ ping: 1 }))['ok']).toBe(1);
  });

  it('when a command names no collection, then the error has the MongoDB shape', async () => {
    const err: unknown = await t.db.command({ find: 5 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    const e = err as MongoServerError;
    expect(typeof e.code).toBe('number');
    expect(typeof e.codeName).toBe('string');
  });
});
