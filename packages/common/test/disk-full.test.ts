import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { startEmbeddedMongo } from '@repo/embedded-mongo';
import { describe, expect, it } from 'vitest';
import { mountSmallDisk, writeFiller } from '../src/testing/small-disk.js';
import { ownedBy, runFixture } from './child-process.js';

const fixture = fileURLToPath(new URL('./fixtures/mongo-fixture-service.ts', import.meta.url));
/** Far above the fixture's deadlines (1.5 s per operation): proves "no hang", not a figure. */
const NO_HANG_MS = 5_000;
const DISK_FULL = 'database refuses writes: disk full';

async function timed(url: string, init?: RequestInit) {
  const started = Date.now();
  const response = await fetch(url, init);
  const body = await response.text();
  return { status: response.status, body, ms: Date.now() - started };
}

function post(url: string, name: string) {
  return timed(`${url}/things`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
}

describe('a service whose database runs out of disk space', () => {
  it('when writes through the service fill the disk, then writes get the generic 500 without hanging, the cause is logged once without stacks, /readyz is 503 naming it, reads keep working, and once space is freed writes and readiness come back without a restart', async (context) => {
    const disk = await mountSmallDisk(16);
    context.onTestFinished(() => disk.unmount());
    const database = await startEmbeddedMongo({
      port: 0,
      host: '127.0.0.1',
      dbPath: join(disk.dir, 'data'),
    });
    context.onTestFinished(() => database.stop());
    const service = ownedBy(
      context,
      runFixture(fixture, {
        PORT: '0',
        LOG_LEVEL: 'info',
        MONGODB_URI: database.uri,
        MONGODB_DB: 'disk_full',
        MONGODB_OPERATION_TIMEOUT_MS: '1500',
        READINESS_TIMEOUT_MS: '1000',
        SHUTDOWN_DRAIN_MS: '0',
      }),
    );
    const listening = await service.waitForLog((line) => line.msg === 'mongo-fixture listening');
    const url = String(listening.url);
    expect((await post(url, 'before')).status).toBe(201);

    // Most of the disk goes to a file, so a few dozen writes of 60 KB through the service fill it.
    const filler = join(disk.dir, 'filler');
    writeFiller(filler, 12 * 1024 * 1024);
    const name = 'x'.repeat(60_000);
    let acknowledged = 1;
    const refusals: Array<Awaited<ReturnType<typeof post>>> = [];
    // Near the edge a refused write's pages are reused by the next: try until three are refused.
    for (let i = 0; i < 400 && refusals.length < 3; i++) {
      const answer = await post(url, name);
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
    const topUp = join(disk.dir, 'top-up');
    writeFiller(topUp, 16 * 1024 * 1024);

    const readiness = await timed(`${url}/readyz`);
    expect(readiness.status).toBe(503);
    expect(JSON.parse(readiness.body)).toEqual({
      status: 'dependencies unavailable',
      reason: DISK_FULL,
    });
    const reads = await timed(`${url}/things`);
    expect(reads.status).toBe(200);
    expect(JSON.parse(reads.body)).toHaveLength(acknowledged);

    rmSync(filler);
    rmSync(topUp);
    // The probe write runs every second while writes are refused.
    for (;;) {
      const ready = await timed(`${url}/readyz`);
      if (ready.status === 200) break;
      expect(JSON.parse(ready.body)).toMatchObject({ reason: DISK_FULL });
      await sleep(100);
    }
    expect((await post(url, 'after')).status).toBe(201);
    await service.waitForLog((line) => line.msg === 'database accepts writes again');

    const lines = service.stdout().split('\n');
    expect(lines.filter((line) => line.includes(`"msg":"${DISK_FULL}"`))).toHaveLength(1);
    expect(service.stdout()).not.toContain('unexpected error while handling a request');
    expect(service.stdout()).not.toContain('"stack"');
  });
});
