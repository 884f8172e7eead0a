import { request } from 'node:http';
import type { BenchContext } from '../context.js';
import { currentRss, peakRss, resetPeakRss, type BenchProcess } from '../processes.js';
import { fillCollection } from '../seed.js';
import { isBuilt, serviceInfo } from '../services.js';
import { median } from '../stats.js';

export interface FetchTiming {
  status: number;
  bytes: number;
  firstByteMs: number;
  lastByteMs: number;
}

export interface MemorySide {
  /** RSS of the idle process just before the first request. */
  idleRssBytes: number | undefined;
  /** Highest RSS while serving the requests (VmHWM), minus the idle RSS. */
  peakGrowthBytes: number | undefined;
  /** Whether VmHWM could be reset to the idle RSS first (otherwise it includes start-up). */
  peakWasReset: boolean;
  fetches: FetchTiming[];
  lastByteMs: number;
  firstByteMs: number;
  items: number;
}

export interface MemoryResult {
  label: string;
  products: number;
  service: MemorySide;
  baseline: MemorySide;
}

/** One GET over a fresh connection, reading the whole body; the body is kept only when asked. */
function fetchAll(
  url: string,
  keepBody: boolean,
): Promise<FetchTiming & { body: Buffer | undefined }> {
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const req = request(url, { agent: false, timeout: 120_000 }, (res) => {
      const firstByteMs = performance.now() - startedAt;
      const chunks: Buffer[] = [];
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (keepBody) chunks.push(chunk);
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          bytes,
          firstByteMs,
          lastByteMs: performance.now() - startedAt,
          body: keepBody ? Buffer.concat(chunks) : undefined,
        }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

function itemsIn(body: Buffer | undefined): number {
  const parsed: unknown = JSON.parse(body?.toString('utf8') ?? 'null');
  return Array.isArray(parsed) ? parsed.length : -1;
}

interface SideState {
  proc: BenchProcess;
  idleRss: number | undefined;
  peakWasReset: boolean;
  fetches: FetchTiming[];
  items: number;
}

function begin(proc: BenchProcess): SideState {
  const peakWasReset = resetPeakRss(proc.pid);
  return { proc, idleRss: currentRss(proc.pid), peakWasReset, fetches: [], items: 0 };
}

function finish(state: SideState): MemorySide {
  const peak = peakRss(state.proc.pid);
  return {
    idleRssBytes: state.idleRss,
    peakGrowthBytes:
      peak === undefined || state.idleRss === undefined
        ? undefined
        : Math.max(0, peak - state.idleRss),
    peakWasReset: state.peakWasReset,
    fetches: state.fetches,
    lastByteMs: median(state.fetches.map((fetch) => fetch.lastByteMs)),
    firstByteMs: median(state.fetches.map((fetch) => fetch.firstByteMs)),
    items: state.items,
  };
}

async function fetchInto(state: SideState, path: string, first: boolean): Promise<void> {
  const { body, ...timing } = await fetchAll(`${state.proc.url}${path}`, first);
  if (timing.status !== 200)
    throw new Error(`${state.proc.name}: GET ${path} answered ${timing.status}`);
  if (first) state.items = itemsIn(body);
  state.fetches.push(timing);
}

/** GET /products over a large collection: the streaming service against a toArray baseline. */
export async function runMemorySection(
  ctx: BenchContext,
): Promise<MemoryResult | { skipped: string }> {
  const service = serviceInfo('products');
  if (!isBuilt(service)) return { skipped: 'products service not built' };
  const count = ctx.options.largeCount;
  const dbName = ctx.freshDbName('memory');
  ctx.note(`memory: storing ${count} products ...`);
  await fillCollection(ctx.client.db(dbName).collection('products'), count);

  const { proc } = await ctx.startService(service, dbName);
  const baseline = await ctx.startBaseline('express', 'products-list-buffered', dbName);
  try {
    const fetches = ctx.options.quick ? 2 : 4;
    // Both idle first, so the RSS read before the first request is the settled idle size.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const serviceState = begin(proc);
    const baselineState = begin(baseline);
    for (let i = 0; i < fetches; i += 1) {
      ctx.note(`memory: GET /products round ${i + 1}/${fetches}`);
      await fetchInto(serviceState, '/products', i === 0);
      await fetchInto(baselineState, '/products', i === 0);
    }
    return {
      label: 'products GET /products',
      products: count,
      service: finish(serviceState),
      baseline: finish(baselineState),
    };
  } finally {
    await ctx.stop(proc);
    await ctx.stop(baseline);
  }
}
