import type { BenchContext } from '../context.js';
import { peakRss } from '../processes.js';
import { roundOrder } from '../round-order.js';
import {
  isBuilt,
  serviceInfo,
  SERVICES,
  servicesIn,
  type ServiceInfo,
  type ServiceName,
} from '../services.js';
import { median } from '../stats.js';

export interface StartupResult {
  service: ServiceName;
  /** Set on the rows of the other checkout (--compare): its path. */
  checkout?: string;
  /** Milliseconds from spawn() of `node dist/main.js` to the first `/readyz` 200, per start. */
  readyMs: number[];
  medianMs: number;
  maxMs: number;
  /** Peak RSS of the idle, just-started process. */
  peakRssBytes: number | undefined;
  skipped?: string;
}

interface Timed {
  service: ServiceInfo;
  result: StartupResult;
}

function timed(service: ServiceInfo, checkout: string | undefined): Timed {
  const unbuilt = checkout === undefined ? 'service not built' : `service not built in ${checkout}`;
  return {
    service,
    result: {
      service: service.name,
      ...(checkout === undefined ? {} : { checkout }),
      readyMs: [],
      medianMs: Number.NaN,
      maxMs: Number.NaN,
      peakRssBytes: undefined,
      ...(isBuilt(service) ? {} : { skipped: unbuilt }),
    },
  };
}

async function startOnce(ctx: BenchContext, { service, result }: Timed): Promise<void> {
  if (result.skipped !== undefined) return;
  try {
    const { proc, readyMs } = await ctx.startService(service, ctx.freshDbName('startup'));
    result.readyMs.push(readyMs);
    result.peakRssBytes = Math.max(result.peakRssBytes ?? 0, peakRss(proc.pid) ?? 0);
    await ctx.stop(proc);
  } catch (error) {
    result.skipped = `failed: ${(error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''}`;
  }
}

/**
 * Each service started from its compiled entry several times, interleaved across services; with
 * --compare, each is followed or preceded (in turn) by the same service of the other checkout.
 */
export async function runStartupSection(ctx: BenchContext): Promise<StartupResult[]> {
  const { compareDir } = ctx.options;
  const others = compareDir === undefined ? undefined : servicesIn(compareDir);
  const groups: Timed[][] = SERVICES.map((service) => [
    timed(service, undefined),
    ...(others === undefined ? [] : [timed(serviceInfo(service.name, others), compareDir)]),
  ]);
  for (let attempt = 0; attempt < ctx.options.startups; attempt += 1) {
    for (const group of groups) {
      for (const index of roundOrder(attempt, group.length)) {
        const entry = group[index];
        if (entry !== undefined) await startOnce(ctx, entry);
      }
    }
  }
  const results = groups.flat();
  for (const { service, result } of results) {
    result.medianMs = median(result.readyMs);
    result.maxMs = result.readyMs.length > 0 ? Math.max(...result.readyMs) : Number.NaN;
    ctx.note(`startup: ${service.label}: ${result.skipped ?? `${result.medianMs.toFixed(0)} ms`}`);
  }
  return results.map(({ result }) => result);
}
