import type { BenchContext } from '../context.js';
import { peakRss } from '../processes.js';
import { isBuilt, SERVICES, type ServiceName } from '../services.js';
import { median } from '../stats.js';

export interface StartupResult {
  service: ServiceName;
  /** Milliseconds from spawn() of `node dist/main.js` to the first `/readyz` 200, per start. */
  readyMs: number[];
  medianMs: number;
  maxMs: number;
  /** Peak RSS of the idle, just-started process. */
  peakRssBytes: number | undefined;
  skipped?: string;
}

/** Each service started from its compiled entry several times, interleaved across services. */
export async function runStartupSection(ctx: BenchContext): Promise<StartupResult[]> {
  const built = SERVICES.filter(isBuilt);
  const results = new Map<ServiceName, StartupResult>();
  for (const service of SERVICES) {
    results.set(service.name, {
      service: service.name,
      readyMs: [],
      medianMs: Number.NaN,
      maxMs: Number.NaN,
      peakRssBytes: undefined,
      ...(isBuilt(service) ? {} : { skipped: 'service not built' }),
    });
  }
  for (let attempt = 0; attempt < ctx.options.startups; attempt += 1) {
    for (const service of built) {
      const result = results.get(service.name);
      if (result === undefined || result.skipped !== undefined) continue;
      try {
        const { proc, readyMs } = await ctx.startService(service, ctx.freshDbName('startup'));
        result.readyMs.push(readyMs);
        result.peakRssBytes = Math.max(result.peakRssBytes ?? 0, peakRss(proc.pid) ?? 0);
        await ctx.stop(proc);
      } catch (error) {
        result.skipped = `failed: ${(error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''}`;
      }
    }
  }
  for (const result of results.values()) {
    result.medianMs = median(result.readyMs);
    result.maxMs = result.readyMs.length > 0 ? Math.max(...result.readyMs) : Number.NaN;
    ctx.note(`startup: ${result.service}: ${result.skipped ?? `${result.medianMs.toFixed(0)} ms`}`);
  }
  return [...results.values()];
}
