import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedMongo } from '../src/index.js';
import { launchCli, runCli } from './cli-process.js';
import { mountSmallDisk, type SmallDisk } from './small-disk.js';
import { useTempDirs } from './temp-dirs.js';

const TIMEOUT_MS = 90_000;

/** A pid no process has: one that has just exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe.concurrent('start-up', () => {
  const tempDir = useTempDirs('embedded-mongo-start-');
  const disks: SmallDisk[] = [];

  afterAll(async () => {
    await Promise.all(disks.splice(0).map((disk) => disk.unmount()));
  });

  it('when the dbPath has a dot in its name, then the server stores and finds its data there', async () => {
    const parent = await tempDir();
    for (const name of ['data.v2', 'app.db']) {
      const dbPath = join(parent, name);
      const first = await startEmbeddedMongo({ dbPath });
      const client = await new MongoClient(first.uri).connect();
      await client
        .db('dotted')
        .collection('items')
        .insertOne({ _id: name } as never);
      await client.close();
      await first.stop();
      const second = await startEmbeddedMongo({ dbPath });
      const again = await new MongoClient(second.uri).connect();
      try {
        expect(await again.db('dotted').collection('items').findOne({})).toEqual({ _id: name });
      } finally {
        await again.close();
        await second.stop();
      }
    }
  });

  it(
    'when the disk holding the dbPath is full, then start-up fails naming the path and the cause',
    async () => {
      const disk = await mountSmallDisk(4);
      disks.push(disk);
      const dbPath = join(disk.dir, 'db');
      const first = await startEmbeddedMongo({ dbPath });
      await first.stop();
      disk.fill();
      const outcome = await runCli(['--port', '0', '--dbpath', dbPath], disk.launch);
      expect(outcome.code).toBe(1);
      expect(outcome.stderr).toContain(dbPath);
      expect(outcome.stderr).toContain('ENOSPC');
      expect(outcome.stderr).toContain('the disk is full');
      // No stack trace: no line of the message starts with `at ` after its indentation.
      expect(outcome.stderr.split('\n').some((line) => line.trimStart().startsWith('at '))).toBe(
        false,
      );
    },
    TIMEOUT_MS,
  );

  it(
    'when a new dbPath is on a full disk, then start-up fails naming the path and the cause, and creates no database there',
    async () => {
      const disk = await mountSmallDisk(4);
      disks.push(disk);
      disk.fill();
      const dbPath = join(disk.dir, 'fresh');
      const outcome = await runCli(['--port', '0', '--dbpath', dbPath], disk.launch);
      expect(outcome.code).toBe(1);
      expect(outcome.stderr).toContain(`cannot create the database in ${dbPath}`);
      expect(outcome.stderr).toContain('ENOSPC');
      expect(outcome.stderr).toContain('the disk is full');
      expect(outcome.signal).toBeNull();
      expect(existsSync(join(dbPath, 'data.mdb'))).toBe(false);
    },
    TIMEOUT_MS,
  );

  it(
    'when the server may not write in the dbPath, then start-up names the permission error and the file, not the port',
    async () => {
      const parent = await tempDir();
      const dbPath = join(parent, 'db');
      await mkdir(dbPath);
      await chmod(dbPath, 0o555);
      // Root writes anywhere: as root the server runs without that capability.
      const outcome = await runCli(
        ['--port', '0', '--dbpath', dbPath],
        process.getuid?.() === 0 ? { withoutFileOverride: true } : {},
      );
      expect(outcome.code).toBe(1);
      expect(outcome.stderr).toContain('EACCES');
      expect(outcome.stderr).toContain(join(dbPath, 'embedded-mongo.'));
      expect(outcome.stderr).not.toContain('listen');
    },
    TIMEOUT_MS,
  );

  it(
    'when several servers start at once on a dbPath with a stale lock, then exactly one of them gets it, every time',
    async () => {
      const dbPath = await tempDir();
      await writeFile(join(dbPath, 'embedded-mongo.lock.1'), String(deadPid()));
      for (let round = 0; round < 2; round++) {
        const starts = Array.from({ length: 3 }, () =>
          launchCli(['--port', '0', '--dbpath', dbPath]),
        );
        const outcomes = await Promise.all(
          starts.map(async ({ child, output, exited }) => {
            for (;;) {
              if (output.stdout.includes('listening')) return { child, listening: true };
              const done = await Promise.race([exited, sleep(25)]);
              if (done !== undefined) {
                expect(done.stderr).toContain('in use by process');
                return { child, listening: false };
              }
            }
          }),
        );
        expect(outcomes.filter((o) => o.listening)).toHaveLength(1);
        // Killed, the winner leaves a stale lock for the next round to take over.
        for (const { child } of outcomes) child.kill('SIGKILL');
        await Promise.all(starts.map((s) => s.exited));
      }
    },
    TIMEOUT_MS,
  );
});
