import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startEmbeddedMongo } from '@repo/embedded-mongo';
import { describe, expect, it } from 'vitest';
import { useSmallDisk } from '../src/testing/small-disk-in-test.js';
import type { TimedAnswer } from '../src/testing/timed-answer.js';
import {
  countLines,
  listeningUrl,
  NO_HANG_MS,
  postThing,
  startMongoFixture,
  timed,
} from './mongo-fixture.js';

const DISK_FULL = 'database refuses writes: disk full';

describe('a service whose database runs out of disk space', () => {
  it('when writes through the service fill the disk, then writes get the generic 500 without hanging, the cause is logged once without stacks, /readyz is 503 naming it, reads keep working, and once space is freed writes and readiness come back without a restart', async (context) => {
    const disk = await useSmallDisk(context, 16);
    const database = await startEmbeddedMongo({
      port: 0,
      host: '127.0.0.1',
      dbPath: join(disk.dir, 'data'),
    });
    disk.uses('stop the database', () => database.stop());
    const service = startMongoFixture(context, database.uri, 'disk_full');
    const url = await listeningUrl(service);
    expect((await postThing(url, 'before')).status).toBe(201);

    // Most of the disk goes to a file, so a few dozen writes of 60 KB through the service fill it.
    disk.fill('filler', 12 * 1024 * 1024);
    const name = 'x'.repeat(60_000);
    let acknowledged = 1;
    const refusals: TimedAnswer[] = [];
    // Near the edge a refused write's pages are reused by the next: try until three are refused.
    for (let i = 0; i < 400 && refusals.length < 3; i++) {
      const answer = await postThing(url, name);
      if (answer.status === 201) acknowledged += 1;
      else refusals.push(answer);
    }
    expect(refusals).toHaveLength(3);
    for (const answer of refusals) {
      expect(answer.status).toBe(500);
      expect(JSON.parse(answer.body)).toEqual({ error: 'Something went wrong' });
      expect(answer.ms).toBeLessThan(NO_HANG_MS);
    }
    // Whatever the refusals left free goes too: the disk stays full until the test frees it.
    disk.fill('top-up', 16 * 1024 * 1024);

    const readiness = await timed(`${url}/readyz`);
    expect(readiness.status).toBe(503);
    expect(JSON.parse(readiness.body)).toEqual({
      status: 'dependencies unavailable',
      reason: DISK_FULL,
    });
    const reads = await timed(`${url}/things`);
    expect(reads.status).toBe(200);
    expect(JSON.parse(reads.body)).toHaveLength(acknowledged);

    disk.free();
    // The probe write runs every second while writes are refused.
    for (;;) {
      const ready = await timed(`${url}/readyz`);
      if (ready.status === 200) break;
      expect(JSON.parse(ready.body)).toMatchObject({ reason: DISK_FULL });
      await sleep(100);
    }
    expect((await postThing(url, 'after')).status).toBe(201);
    await service.waitForLog((line) => line.msg === 'database accepts writes again');

    expect(countLines(service, DISK_FULL)).toBe(1);
    expect(service.stdout()).not.toContain('unexpected error while handling a request');
    expect(service.stdout()).not.toContain('"stack"');
  });
});
