import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { RunningService } from '../runtime/run-service.js';
import { useSmallDisk } from './small-disk-in-test.js';
import { timedAnswer as timed, type TimedAnswer } from './timed-answer.js';

/** Far above a service's deadlines (1 s per operation by default): proves "no hang", not a figure. */
const NO_HANG_MS = 5_000;
const DISK_FULL = 'database refuses writes: disk full';
/** Writes tried before the test gives up on the disk ever filling. */
const MOST_WRITES = 3_000;

export interface DiskFullTarget {
  /** The service, as the tests name it. */
  name: string;
  /** A database server keeping its files in `dbPath`. */
  startDatabase: (dbPath: string) => Promise<{ uri: string; stop: () => Promise<void> }>;
  /** The whole service (`runService`) over database `dbName` at `uri`, on a free port. */
  startService: (uri: string, dbName: string) => Promise<RunningService>;
  /** One write through the service (its `n`th, so each can be told apart). */
  write: (url: string, n: number) => Promise<Response>;
  /** One read through the service of what it stored. */
  read: (url: string) => Promise<Response>;
  /** The service's generic 500 body, as its README and OpenAPI document fix it. */
  generic500: RegExp;
}

/**
 * The service over a database whose 16 MB disk fills: its generic 500 without hanging,
 * `/readyz` 503 naming the cause, reads answered, and writes and readiness back once space is
 * freed, without a restart.
 */
export function describeDiskFull(target: DiskFullTarget): void {
  describe(`${target.name}: a database that runs out of disk space`, () => {
    it('when the disk fills, then writes get the generic 500 without hanging, /readyz is 503 naming the full disk, reads keep working, and once space is freed writes and readiness come back without a restart', async (context) => {
      const disk = await useSmallDisk(context, 16);
      const database = await target.startDatabase(join(disk.dir, 'data'));
      disk.uses('stop the database', () => database.stop());
      const service = await target.startService(database.uri, 'disk_full');
      disk.uses('stop the service', () => service.stop());
      const { url } = service;
      expect((await target.write(url, 0)).status).toBeLessThan(300);

      disk.fill('filler');
      const refusals: TimedAnswer[] = [];
      // Near the edge a refused write's pages serve the next: write until three are refused.
      for (let n = 1; n < MOST_WRITES && refusals.length < 3; n++) {
        const answer = await timed(() => target.write(url, n));
        if (answer.status >= 300) refusals.push(answer);
      }
      expect(refusals).toHaveLength(3);
      for (const answer of refusals) {
        expect(answer.status).toBe(500);
        expect(answer.body).toMatch(target.generic500);
        expect(answer.ms).toBeLessThan(NO_HANG_MS);
      }
      // Whatever the refusals left free goes too: the disk stays full until the test frees it.
      disk.fill('top-up');

      const readiness = await timed(() => fetch(`${url}/readyz`));
      expect(readiness.status).toBe(503);
      expect(JSON.parse(readiness.body)).toMatchObject({ reason: DISK_FULL });
      expect((await target.read(url)).status).toBe(200);

      disk.free();
      // Readiness tries a write once a second while writes are refused.
      for (;;) {
        const ready = await timed(() => fetch(`${url}/readyz`));
        if (ready.status === 200) break;
        expect(JSON.parse(ready.body)).toMatchObject({ reason: DISK_FULL });
        await sleep(100);
      }
      expect((await target.write(url, MOST_WRITES)).status).toBeLessThan(300);
    });
  });
}
