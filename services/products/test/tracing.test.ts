import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@repo/embedded-mongo/testing';

const testDb = useTestDatabase('products_tracing');
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

interface ExportedSpan {
  name: string;
  /** OpenTelemetry's SpanKind: 1 server, 2 client. */
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
  instrumentation: string;
}

interface FixtureReport {
  id: string;
  status: number;
  requestId: string;
  spans: ExportedSpan[];
}

/**
 * Runs the fixture in a process of its own: ES modules are only instrumented when the loader
 * hook is registered before they load, which a test file, loaded after them, cannot do.
 */
async function runTracedService(): Promise<FixtureReport> {
  const child = spawn(
    process.execPath,
    [
      '--conditions=development',
      '--import',
      'tsx',
      'services/products/test/fixtures/traced-service.ts',
    ],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', MONGODB_URI: testDb.uri, MONGODB_DB: testDb.dbName },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const [code] = (await once(child, 'close')) as [number | null];
  expect(err).toBe('');
  expect(code).toBe(0);
  return JSON.parse(out.trim()) as FixtureReport;
}

describe('tracing', () => {
  it('when GET /products/:id is traced, then one HTTP server span named by its route holds the MongoDB find it caused as its child, named by the service', async () => {
    const { status, requestId, spans } = await runTracedService();
    expect(status).toBe(200);

    const serverSpans = spans.filter((span) => span.kind === 1);
    expect(serverSpans).toHaveLength(1);
    const [http] = serverSpans as [ExportedSpan];
    expect(http.name).toBe('GET /products/:id');
    expect(http.parentSpanId).toBeUndefined();
    expect(http.instrumentation).toBe('@opentelemetry/instrumentation-http');
    expect(http.attributes).toMatchObject({
      'http.route': '/products/:id',
      'http.response.status_code': 200,
    });
    expect(http.resource).toMatchObject({ 'service.name': 'products', 'service.version': '0.1.0' });

    const mongoSpans = spans.filter(
      (span) => span.instrumentation === '@opentelemetry/instrumentation-mongodb',
    );
    expect(mongoSpans).toHaveLength(1);
    const [find] = mongoSpans as [ExportedSpan];
    expect(find.kind).toBe(2);
    expect(find.attributes).toMatchObject({
      'db.system.name': 'mongodb',
      'db.operation.name': 'find',
      'db.collection.name': 'products',
    });
    expect(find.traceId).toBe(http.traceId);
    expect(find.parentSpanId).toBe(http.spanId);
    // Nothing else: Express contributes the route, not spans of its own.
    expect(spans).toHaveLength(2);
    // Every span of the request is in the one trace, whose id the request logged as its own.
    expect(new Set(spans.map((span) => span.traceId))).toEqual(new Set([http.traceId]));
    expect(requestId).toBe(http.traceId);
  });
});
