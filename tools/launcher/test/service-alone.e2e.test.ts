import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICES } from '../src/services.js';
import { freePorts, repositoryRoot } from './support.js';

// A service that needs no database, run alone as the root README shows.
const service = SERVICES.find((candidate) => !candidate.usesMongo);

/** A stand-in OTLP/HTTP collector: it keeps the bodies posted to /v1/traces. */
function startCollector(): Promise<{ server: Server; url: string; traces: Buffer[] }> {
  const traces: Buffer[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') traces.push(Buffer.concat(chunks));
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}`, traces });
    });
  });
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(100);
  }
  return false;
}

describe.runIf(service !== undefined)('one service run alone with npm run start -w', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let child: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    collector = await startCollector();
  });

  afterAll(async () => {
    // npm, its shell and the service share the process group started here.
    if (child?.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    await new Promise((resolve) => collector.server.close(resolve));
  });

  it('when OTEL_EXPORTER_OTLP_ENDPOINT is set, then its requests are traced to that collector', async () => {
    const name = service?.name ?? '';
    const [port] = (await freePorts(1)) as [number];
    child = spawn('npm', ['run', 'start', '-w', `@repo/${name}`], {
      cwd: repositoryRoot,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        METRICS: 'off',
        LOG_LEVEL: 'warn',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        // The batch processor sends within 100 ms instead of 5 s.
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const url = `http://127.0.0.1:${port}`;
    const ready = await until(
      () =>
        fetch(`${url}/readyz`).then(
          (res) => res.ok,
          () => false,
        ),
      60_000,
    );
    expect(ready, output).toBe(true);

    expect((await fetch(`${url}${service?.tryPath ?? '/'}`)).status).toBeLessThan(500);
    expect(await until(() => collector.traces.length > 0, 20_000), output).toBe(true);
    // The resource names the service (its package name), as strings are in OTLP's protobuf.
    expect(Buffer.concat(collector.traces).includes(name)).toBe(true);
  });
});
