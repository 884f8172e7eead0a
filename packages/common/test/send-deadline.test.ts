import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp, runService, type RunningService } from '@repo/common';
import { stalledReader, steadyReader } from '../src/testing/slow-clients.js';

/** Larger than what the kernel queues on a loopback connection, pipelined twenty times. */
const ANSWER = Buffer.alloc(2 * 1024 * 1024, 'x');
const SEND_TIMEOUT_MS = 2_000;

let service: RunningService;

beforeAll(async () => {
  service = await runService({
    name: 'send-deadline-fixture',
    ownsProcess: false,
    runnerEnv: { HTTP_SEND_TIMEOUT_MS: String(SEND_TIMEOUT_MS) },
    loadConfig: () => ({ PORT: 0, LOG_LEVEL: 'silent' }),
    connect: (_config, logger) => Promise.resolve({ deps: logger }),
    createApp: (logger) => {
      const app = createHttpApp({ logger });
      app.get('/large', (_req, res) => {
        res.type('application/octet-stream').send(ANSWER);
      });
      return app;
    },
  });
});

afterAll(() => service.stop());

describe('HTTP_SEND_TIMEOUT_MS', () => {
  it('when a client asks for twenty large answers and stops reading, then its connection is cut off', async () => {
    const reader = await stalledReader(service.server, service.url, '/large', 20);
    try {
      // Without the deadline the server's end stays open for as long as the client likes.
      await reader.cutOff;
    } finally {
      reader.stop();
    }
  });

  it('when a client reads the same answers slowly but steadily, pausing for under the deadline, then it gets all of them', async () => {
    const bytes = await steadyReader(service.url, '/large', 4, SEND_TIMEOUT_MS / 10);
    expect(bytes).toBeGreaterThan(4 * ANSWER.length);
  });
});
