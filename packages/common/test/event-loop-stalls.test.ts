import { createServer, Socket, type Server } from 'node:net';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { watchDependency } from '../src/runtime/dependency-watch.js';
import { createOutageLog, reportUnavailableRequest } from '../src/runtime/outage-log.js';
import { capturingLogger } from '../src/testing/error-log.js';

/** Holds this thread, as a request that computes without yielding does: nothing else runs. */
function blockEventLoop(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** A dependency on a real socket: it answers each byte with one, or stays silent. */
async function startDependency(answers: boolean): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => {
    socket.on('data', (chunk) => {
      if (answers) socket.write(chunk);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port };
}

/**
 * A ping over one connection: one byte out, true when one comes back within `deadlineMs`.
 * `blockMs` holds the event loop right after the byte is sent, while the answer arrives.
 */
function pinger(socket: Socket, deadlineMs: number, blockMs: { next: number }) {
  return async (): Promise<boolean> => {
    const answer = once(socket, 'data').then(() => true);
    socket.write('p');
    const result = Promise.race([answer, sleep(deadlineMs, false)]);
    blockEventLoop(blockMs.next);
    blockMs.next = 0;
    return result;
  };
}

// Long enough that a loaded machine answers a local ping well within it.
const PING_DEADLINE_MS = 1_000;

async function watchOver(answers: boolean, blockMs: number) {
  const dependency = await startDependency(answers);
  const socket = new Socket();
  socket.connect(dependency.port, '127.0.0.1');
  await once(socket, 'connect');
  const { logger, lines } = capturingLogger();
  const watcher = watchDependency(logger, {
    dependency: 'database',
    host: 'db:27017',
    ping: pinger(socket, PING_DEADLINE_MS, { next: blockMs }),
    failure: `no answer to a ping within ${PING_DEADLINE_MS} ms`,
    pingDeadlineMs: PING_DEADLINE_MS,
    requestDeadlineMs: 1_000,
    everyMs: 60_000,
  });
  // Let the stall watch see a few ordinary ticks first.
  await sleep(120);
  const ready = await watcher.check();
  watcher.stop();
  socket.destroy();
  dependency.server.close();
  return { ready, messages: lines().map((line) => line.msg) };
}

describe('a busy process is not a database outage', () => {
  it('when the event loop stands still past a ping deadline while the answer waits in the socket, then the ping is sent again, it is ready and no outage is logged', async () => {
    const { ready, messages } = await watchOver(true, 2 * PING_DEADLINE_MS);
    expect(ready).toBe(true);
    expect(messages).toEqual([
      'event loop blocked: database ping answered late, not counted as an outage',
    ]);
  });

  it('when the dependency is silent and the event loop stood still too, then the second ping fails and the outage is logged', async () => {
    const { ready, messages } = await watchOver(false, 2 * PING_DEADLINE_MS);
    expect(ready).toBe(false);
    expect(messages).toContain('database unreachable');
  });

  it('when the dependency is silent and the event loop did not stall, then it is unreachable at once', async () => {
    const { ready, messages } = await watchOver(false, 0);
    expect(ready).toBe(false);
    expect(messages).toContain('database unreachable');
  });

  it('when a request fails for want of the database while the event loop stood still for most of its deadline, then it is summed up as failed while blocked, not against the database', async () => {
    const busy = capturingLogger();
    const during = createOutageLog(busy.logger, {
      dependency: 'database',
      host: 'db',
      deadlineMs: 1_000,
    });
    await sleep(120);
    blockEventLoop(800);
    expect(reportUnavailableRequest()).toBe(true);
    during.close();
    // A deadline of 10 s: only a stall of 4 s would explain it, which no machine makes by itself.
    const calm = capturingLogger();
    const after = createOutageLog(calm.logger, {
      dependency: 'database',
      host: 'db',
      deadlineMs: 10_000,
    });
    expect(reportUnavailableRequest()).toBe(true);
    after.close();
    const summaries = (lines: typeof busy.lines) =>
      lines().map((line) => [line.msg, line.failedRequests]);
    expect(summaries(busy.lines)).toEqual([['requests failed: event loop blocked', 1]]);
    expect(summaries(calm.lines)).toEqual([['requests failed: database unavailable', 1]]);
  });
});
