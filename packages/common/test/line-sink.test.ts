import { execFileSync } from 'node:child_process';
import {
  closeSync,
  constants,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLineSink } from '@repo/common';
import { runTypeScript } from './child-process.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'line-sink-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function linesOf(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `${JSON.stringify({ index })}\n`);
}

/** A FIFO whose read end is open non-blocking (so the write end can be opened without waiting). */
function makeFifo(): { path: string; reader: number } {
  const path = join(dir, 'fifo');
  execFileSync('mkfifo', [path]);
  return { path, reader: openSync(path, constants.O_RDONLY | constants.O_NONBLOCK) };
}

/**
 * Reads the FIFO until `expectedBytes` have arrived, yielding between reads, or until the writer
 * is gone (`writerGone`, and the pipe is at its end), so a short read fails the test's assertion
 * instead of its timeout.
 */
async function readAll(
  reader: number,
  expectedBytes: number,
  writerGone: () => boolean = () => false,
): Promise<string> {
  const chunks: Buffer[] = [];
  let received = 0;
  const buffer = Buffer.alloc(64 * 1024);
  const deadline = Date.now() + 15_000;
  while (received < expectedBytes && Date.now() < deadline) {
    try {
      const read = readSync(reader, buffer);
      if (read > 0) {
        chunks.push(Buffer.from(buffer.subarray(0, read)));
        received += read;
        continue;
      }
      // No writer has the FIFO open (and it is empty): before the child opens it, or after it ended.
      if (writerGone()) break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
    }
    await sleep(5);
  }
  return Buffer.concat(chunks).toString('utf8');
}

describe('createLineSink', () => {
  it('when lines are written, then they are not written at once but shortly after, in order', async () => {
    const path = join(dir, 'out.log');
    const fd = openSync(path, 'w');
    const sink = createLineSink(fd, { flushDelayMs: 50 });
    const lines = linesOf(100);
    for (const line of lines) sink.write(line);
    expect(readFileSync(path, 'utf8')).toBe('');
    await vi.waitFor(() => expect(readFileSync(path, 'utf8')).toBe(lines.join('')));
    closeSync(fd);
  });

  it('when a batch reaches 64 kB, then it is written at once without waiting for the delay', () => {
    const path = join(dir, 'out.log');
    const fd = openSync(path, 'w');
    const sink = createLineSink(fd, { flushDelayMs: 60_000 });
    const line = `${'x'.repeat(1023)}\n`;
    for (let count = 0; count < 64; count += 1) sink.write(line);
    expect(readFileSync(path, 'utf8')).toBe(line.repeat(64));
    closeSync(fd);
  });

  it('when flushSync is called, then pending lines are written before it returns', () => {
    const path = join(dir, 'out.log');
    const fd = openSync(path, 'w');
    const sink = createLineSink(fd, { flushDelayMs: 60_000 });
    sink.write('one\n');
    sink.flushSync();
    expect(readFileSync(path, 'utf8')).toBe('one\n');
    closeSync(fd);
  });

  it.each<{ how: string; env: Record<string, string>; code: number }>([
    { how: 'process.exit', env: {}, code: 0 },
    { how: 'an uncaught exception', env: { THROW: '1' }, code: 1 },
  ])(
    'when a logger logs and the process ends at once by $how, then every line is still written',
    async ({ env, code }) => {
      const count = 20_000;
      const child = runTypeScript('packages/common/test/fixtures/log-then-exit.ts', {
        LINES: String(count),
        ...env,
      });
      expect(await child.exited).toBe(code);
      const indexes = child
        .stdout()
        .split('\n')
        .filter((line) => line.length > 0)
        .map((line) => (JSON.parse(line) as { index: number }).index);
      expect(indexes).toEqual(Array.from({ length: count }, (_, index) => index));
    },
  );

  it('when a non-blocking pipe is full, then writes do not block and every line arrives once it is read', async () => {
    const { path, reader } = makeFifo();
    const writer = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
    const sink = createLineSink(writer);
    const lines = linesOf(40_000);
    // About 500 kB, far more than the pipe holds, written over several turns without reading.
    for (let start = 0; start < lines.length; start += 5_000) {
      for (const line of lines.slice(start, start + 5_000)) sink.write(line);
      await nextTurn();
    }
    const expected = lines.join('');
    expect(await readAll(reader, Buffer.byteLength(expected))).toBe(expected);
    closeSync(writer);
    closeSync(reader);
  });

  it('when the reader is slower than the writer and the process ends, then the sink waits for it and loses nothing', async () => {
    const { path, reader } = makeFifo();
    const count = 50_000;
    const child = runTypeScript('packages/common/test/fixtures/log-to-fifo.ts', {
      FIFO_PATH: path,
      LINES: String(count),
    });
    let exited = false;
    void child.exited.then(() => (exited = true));
    const expected = linesOf(count).join('');
    const received = await readAll(reader, Buffer.byteLength(expected), () => exited);
    expect(await child.exited).toBe(0);
    expect(child.stderr()).toBe('');
    expect(received.length).toBe(expected.length);
    expect(received).toBe(expected);
    closeSync(reader);
  });

  it('when a sink with lines waiting is dropped and collected, then its lines are still written at exit', async () => {
    const path = join(dir, 'out.log');
    const count = 1_000;
    const child = runTypeScript(
      'packages/common/test/fixtures/drop-sink.ts',
      { OUT_PATH: path, LINES: String(count) },
      ['--expose-gc'],
    );
    expect(await child.exited).toBe(0);
    expect(child.stderr()).toBe('');
    expect(readFileSync(path, 'utf8')).toBe(linesOf(count).join(''));
  });

  it('when the reader has gone (EPIPE), then writing stops quietly', () => {
    const { path, reader } = makeFifo();
    const writer = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
    closeSync(reader);
    const reported: string[] = [];
    const sink = createLineSink(writer, {
      reportError: (error) => reported.push(error.code ?? ''),
    });
    sink.write('first\n');
    expect(() => sink.flushSync()).not.toThrow();
    sink.write('second\n');
    sink.flushSync();
    expect(reported).toEqual([]);
    closeSync(writer);
  });

  it('when writes fail for another reason, then the failure is reported once, not per batch', () => {
    const path = join(dir, 'read-only.log');
    closeSync(openSync(path, 'w'));
    const readOnly = openSync(path, 'r');
    const reported: string[] = [];
    const sink = createLineSink(readOnly, {
      reportError: (error) => reported.push(error.code ?? ''),
    });
    sink.write('first\n');
    sink.flushSync();
    sink.write('second\n');
    sink.flushSync();
    expect(reported).toEqual(['EBADF']);
    closeSync(readOnly);
  });
});
