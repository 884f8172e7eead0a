import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runFixture, type RunningChild } from './child-process.js';

const LOG_LINES = 'packages/common/test/fixtures/log-lines.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'logger-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function indexesIn(text: string): number[] {
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => (JSON.parse(line) as { index: number }).index);
}

function upTo(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index);
}

/** A FIFO with both ends open non-blocking; the write end is what a child gets as its stdout. */
function makeFifo(): { reader: number; writer: number } {
  const path = join(dir, 'fifo');
  execFileSync('mkfifo', [path]);
  const reader = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  const writer = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
  return { reader, writer };
}

/**
 * Reads the FIFO, slowly (a few kB every few milliseconds), until the child has exited and the
 * pipe is empty, so a short read fails the test's assertion rather than its timeout.
 */
async function readSlowly(reader: number, child: RunningChild): Promise<string> {
  let exited = false;
  void child.exited.then(() => (exited = true));
  const chunks: Buffer[] = [];
  const buffer = Buffer.alloc(4 * 1024);
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    try {
      const read = readSync(reader, buffer);
      if (read > 0) chunks.push(Buffer.from(buffer.subarray(0, read)));
      else if (exited) break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      if (exited) break;
    }
    await sleep(2);
  }
  return Buffer.concat(chunks).toString('utf8');
}

describe('the services logger (createLogger on stdout)', () => {
  it.each<{ how: string; env: Record<string, string>; code: number }>([
    { how: 'process.exit', env: {}, code: 0 },
    { how: 'an uncaught exception', env: { THROW: '1' }, code: 1 },
  ])(
    'when a logger logs and the process ends at once by $how, then every line is still written',
    async ({ env, code }) => {
      const count = 20_000;
      const child = runFixture('packages/common/test/fixtures/log-then-exit.ts', {
        LINES: String(count),
        ...env,
      });
      expect(await child.exited).toBe(code);
      expect(indexesIn(child.stdout())).toEqual(upTo(count));
    },
  );

  it('when a quiet service logs one line, then it is written without waiting for more lines', async () => {
    const child = runFixture(LOG_LINES, { LINES: '1', STAY_MS: '5000' });
    try {
      await child.waitForLog((line) => line.msg === 'line');
      expect(child.child.exitCode).toBeNull();
    } finally {
      child.child.kill('SIGKILL');
    }
  });

  it('when the reader is slower than the writer and the process ends, then nothing is lost', async () => {
    const { reader, writer } = makeFifo();
    const count = 20_000;
    const child = runFixture(
      LOG_LINES,
      { LINES: String(count / 4), BATCHES: '4' },
      { stdout: writer },
    );
    closeSync(writer);
    const received = await readSlowly(reader, child);
    expect(await child.exited).toBe(0);
    expect(child.stderr()).toBe('');
    expect(indexesIn(received)).toEqual(upTo(count));
    closeSync(reader);
  });

  it('when the reader has gone (EPIPE), then logging stops quietly and the service goes on', async () => {
    const { reader, writer } = makeFifo();
    closeSync(reader);
    const child = runFixture(LOG_LINES, { LINES: '1000', BATCHES: '3' }, { stdout: writer });
    closeSync(writer);
    expect(await child.exited).toBe(0);
    expect(child.stderr()).toBe('');
  });

  it('when writes fail for another reason, then the failure is reported once and the service goes on', async () => {
    const path = join(dir, 'read-only.log');
    closeSync(openSync(path, 'w'));
    const readOnly = openSync(path, 'r');
    const child = runFixture(LOG_LINES, { LINES: '1000', BATCHES: '3' }, { stdout: readOnly });
    closeSync(readOnly);
    expect(await child.exited).toBe(0);
    const reports = child
      .stderr()
      .split('\n')
      .filter((line) => line.length > 0);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatch(/^log lines could not be written: .*EBADF/);
  });
});
