import { request, type ClientRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchContext } from '../context.js';
import { currentRss } from '../processes.js';
import { benchSecret, isBuilt, serviceInfo } from '../services.js';
import { median } from '../stats.js';

/** The kitchen's stream: every order event of the shop, for staff. */
const STREAM_PATH = '/orders/events';

/** Streams opened at once, in batches of this many, each on a connection of its own. */
const OPEN_BATCH = 50;

/** Time for the process to settle (allocations freed, the streams' first writes done). */
const SETTLE_MS = 2_000;

export interface IdleStreamsResult {
  label: string;
  streams: number;
  /** RSS of the idle service with no stream open, after settling. */
  idleRssBytes: number | undefined;
  /** RSS with every stream open and idle, after settling. */
  withStreamsRssBytes: number | undefined;
  /** The difference, over the number of streams. */
  bytesPerStream: number | undefined;
  /** Median time from the request to its answer's headers, while the others opened. */
  openMs: number;
}

interface OpenStream {
  req: ClientRequest;
  openMs: number;
}

/** One stream, open once its headers arrived with status 200; its body is read and dropped. */
function openStream(url: string, authorization: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const req = request(url, { agent: false, headers: { authorization } }, (res) => {
      if (res.statusCode !== 200) {
        req.destroy();
        reject(new Error(`GET ${STREAM_PATH} answered ${String(res.statusCode)}`));
        return;
      }
      res.resume();
      resolve({ req, openMs: performance.now() - startedAt });
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * What idle event streams cost the orders service: its RSS settled with none open, then with
 * `count` streams of `GET /orders/events` open and idle (no order placed meanwhile), each from a
 * connection of its own, as `count` kitchen screens would hold them.
 */
export async function runIdleStreamsSection(
  ctx: BenchContext,
): Promise<IdleStreamsResult | { skipped: string }> {
  const service = serviceInfo('orders');
  if (!isBuilt(service)) return { skipped: 'orders service not built' };
  const count = ctx.options.idleStreams;
  const { proc } = await ctx.startService(service, ctx.freshDbName('streams'));
  const streams: OpenStream[] = [];
  try {
    await sleep(SETTLE_MS);
    const idleRssBytes = currentRss(proc.pid);
    const url = `${proc.url}${STREAM_PATH}`;
    const authorization = `Bearer ${benchSecret('ORDERS_STAFF_TOKEN')}`;
    while (streams.length < count) {
      const batch = Math.min(OPEN_BATCH, count - streams.length);
      streams.push(
        ...(await Promise.all(Array.from({ length: batch }, () => openStream(url, authorization)))),
      );
    }
    ctx.note(`streams: ${String(streams.length)} open, settling`);
    await sleep(SETTLE_MS);
    const withStreamsRssBytes = currentRss(proc.pid);
    const bytesPerStream =
      idleRssBytes === undefined || withStreamsRssBytes === undefined
        ? undefined
        : (withStreamsRssBytes - idleRssBytes) / count;
    return {
      label: `orders GET ${STREAM_PATH}`,
      streams: count,
      idleRssBytes,
      withStreamsRssBytes,
      bytesPerStream,
      openMs: median(streams.map((stream) => stream.openMs)),
    };
  } finally {
    for (const stream of streams) stream.req.destroy();
    await ctx.stop(proc);
  }
}
