import { open, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MongoClient, type Collection } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { encodeRecord, HEADER_BYTES } from '../src/storage/log-records.js';
import { useTempDirs } from './temp-dirs.js';
import { runCli, startCli, type CliProcess } from './cli-process.js';
import { logRecords, logSegments, waitUntilApplied } from './write-log-files.js';

const TIMEOUT_MS = 60_000;

interface Versioned {
  _id: string;
  v: number;
}

async function stopCli(cli: CliProcess): Promise<void> {
  cli.child.kill('SIGTERM');
  expect((await cli.exited).code).toBe(0);
}

describe.concurrent('a damaged write log', () => {
  const tempDir = useTempDirs('embedded-mongo-log-');

  /**
   * Acknowledged writes to `log.items`, all of them in LMDB too, then kill -9, so the log is left
   * as it was; returns its last segment.
   */
  async function writeThenKill(
    dbPath: string,
    writes: (items: Collection<Versioned>) => Promise<unknown>,
  ): Promise<string> {
    const cli = await startCli(['--port', '0', '--dbpath', dbPath]);
    const client = await new MongoClient(cli.uri).connect();
    await writes(client.db('log').collection<Versioned>('items'));
    await waitUntilApplied(dbPath);
    cli.child.kill('SIGKILL');
    await cli.exited;
    await client.close(true);
    return (await logSegments(dbPath)).at(-1) ?? '';
  }

  it(
    'when the last bytes of the log are cut off after LMDB committed its writes, then a restart serves the last acknowledged value and says what it ignored',
    async () => {
      const dbPath = await tempDir();
      const segment = await writeThenKill(dbPath, async (items) => {
        await items.insertOne({ _id: 'X', v: 1 });
        for (const v of [2, 3]) await items.updateOne({ _id: 'X' }, { $set: { v } });
      });
      const size = (await readFile(segment)).length;
      await truncate(segment, size - 3);

      const again = await startCli(['--port', '0', '--dbpath', dbPath]);
      const client = await new MongoClient(again.uri).connect();
      try {
        expect(
          await client
            .db('log')
            .collection('items')
            .findOne({ _id: 'X' } as never),
        ).toEqual({
          _id: 'X',
          v: 3,
        });
      } finally {
        await client.close();
        await stopCli(again);
      }
      const output = await again.exited;
      expect(output.stderr).toContain(segment);
      expect(output.stderr).toContain('never completed');
    },
    TIMEOUT_MS,
  );

  it(
    'when one byte in the middle of the log is flipped, then the server refuses to start naming the file and the byte, and without the damaged file it serves a state that existed',
    async () => {
      const dbPath = await tempDir();
      // Y is written after X reached v=2: Y beside X at v=1 would be a state that never existed.
      const segment = await writeThenKill(dbPath, async (items) => {
        await items.insertOne({ _id: 'X', v: 1 });
        await items.updateOne({ _id: 'X' }, { $set: { v: 2 } });
        await items.insertOne({ _id: 'Y', v: 1 });
      });
      const damaged = (await logRecords(segment))[1];
      expect(damaged).toBeDefined();
      const at = (damaged?.offset ?? 0) + HEADER_BYTES + 3;
      const file = await open(segment, 'r+');
      const byte = Buffer.alloc(1);
      await file.read(byte, 0, 1, at);
      byte[0] = (byte[0] ?? 0) ^ 0xff;
      await file.write(byte, 0, 1, at);
      await file.close();

      const refused = await runCli(['--port', '0', '--dbpath', dbPath]);
      expect(refused.code).toBe(1);
      expect(refused.stdout).not.toContain('listening');
      expect(refused.stderr).toContain(`${segment} is damaged at byte ${damaged?.offset}`);

      // What the message says to do: without the damaged file, LMDB's own state, which existed.
      await rm(segment);
      const again = await startCli(['--port', '0', '--dbpath', dbPath]);
      const client = await new MongoClient(again.uri).connect();
      try {
        const items = await client
          .db('log')
          .collection('items')
          .find({})
          .sort({ _id: 1 })
          .toArray();
        expect(items).toEqual([
          { _id: 'X', v: 2 },
          { _id: 'Y', v: 1 },
        ]);
      } finally {
        await client.close();
        await stopCli(again);
      }
    },
    TIMEOUT_MS,
  );

  it(
    'when the log holds writes after a gap, then the server refuses to start rather than skip the missing ones',
    async () => {
      const dbPath = await tempDir();
      await writeThenKill(dbPath, (items) => items.insertOne({ _id: 'X', v: 1 }));
      // A segment starting far beyond what LMDB holds: the writes between are nowhere.
      const stray = join(dbPath, 'wal-0000000000000100.log');
      await writeFile(stray, encodeRecord(100, [{ op: 'drop', ns: 'log.items' }]));

      const refused = await runCli(['--port', '0', '--dbpath', dbPath]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`${stray} is damaged at byte 0`);
      expect(refused.stderr).toMatch(/writes \d+ to 99 are missing/);
    },
    TIMEOUT_MS,
  );
});
