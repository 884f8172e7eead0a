import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchContext } from '../context.js';
import { runLoad, type LoadRequest, type LoadResult } from '../load.js';
import { cpuTimeMs, peakRss, type BenchProcess } from '../processes.js';
import { ROUTES, type RouteScenario } from '../scenarios.js';
import { summariseProfiles, type SelfTime } from '../profile-summary.js';
import { isBuilt, REPO_ROOT, RESULTS_DIR, serviceInfo } from '../services.js';
import { median, ratio, spread } from '../stats.js';

export interface RoundResult extends LoadResult {
  /** CPU time the server process used per answered request (all its threads), in microseconds. */
  cpuUsPerReq: number;
}

export interface SideResult {
  rounds: RoundResult[];
  reqPerSec: number;
  cpuUsPerReq: number;
  p50: number;
  p99: number;
  /** (max - min) / median of the rounds' req/s. */
  spread: number;
  bad: number;
  peakRssBytes: number | undefined;
}

export interface RouteResult {
  label: string;
  request: Pick<LoadRequest, 'method' | 'path'>;
  service: SideResult & { logLines: number };
  baseline: SideResult;
  /** Median service req/s over median baseline req/s. */
  ratio: number;
  /** With --profile: the busiest functions (self time) of each process. */
  profile?: { service: SelfTime[]; baseline: SelfTime[] };
}

export interface RouteSkip {
  label: string;
  skipped: string;
}

function firstProfile(dir: string): SelfTime[] {
  try {
    return Object.values(summariseProfiles(dir, REPO_ROOT, 12))[0] ?? [];
  } catch {
    return [];
  }
}

/** One load run, with the CPU time the server spent on it. */
async function measureRound(
  proc: BenchProcess,
  request: LoadRequest,
  options: { durationSec: number; connections: number },
): Promise<RoundResult> {
  const cpuBefore = cpuTimeMs(proc.pid) ?? Number.NaN;
  const result = await runLoad(proc.url, request, options);
  const cpuAfter = cpuTimeMs(proc.pid) ?? Number.NaN;
  return { ...result, cpuUsPerReq: ((cpuAfter - cpuBefore) * 1000) / result.requests };
}

function summarise(rounds: RoundResult[], proc: BenchProcess): SideResult {
  return {
    rounds,
    reqPerSec: median(rounds.map((round) => round.reqPerSec)),
    cpuUsPerReq: median(rounds.map((round) => round.cpuUsPerReq)),
    p50: median(rounds.map((round) => round.p50)),
    p99: median(rounds.map((round) => round.p99)),
    spread: spread(rounds.map((round) => round.reqPerSec)),
    bad: rounds.reduce((sum, round) => sum + round.bad, 0),
    peakRssBytes: peakRss(proc.pid),
  };
}

async function measureRoute(ctx: BenchContext, scenario: RouteScenario): Promise<RouteResult> {
  const { options } = ctx;
  const dbName = ctx.freshDbName(scenario.service);
  const profileDir = options.profile
    ? join(RESULTS_DIR, 'profiles', scenario.label.replace(/[^\w]+/g, '-'))
    : undefined;
  if (profileDir !== undefined) rmSync(profileDir, { recursive: true, force: true });
  const { proc: service } = await ctx.startService(
    serviceInfo(scenario.service),
    dbName,
    profileDir && join(profileDir, 'service'),
  );
  let baseline: BenchProcess | undefined;
  try {
    const prepared = await scenario.prepare({
      serviceUrl: service.url,
      db: ctx.client.db(dbName),
    });
    baseline = await ctx.startBaseline(
      scenario.baseline,
      dbName,
      prepared.fixture,
      profileDir && join(profileDir, 'baseline'),
    );
    const load = { connections: options.connections };
    await runLoad(service.url, prepared.request, { ...load, durationSec: options.warmupSec });
    await runLoad(baseline.url, prepared.request, { ...load, durationSec: options.warmupSec });
    const serviceRounds: RoundResult[] = [];
    const baselineRounds: RoundResult[] = [];
    for (let round = 0; round < options.rounds; round += 1) {
      const roundOptions = { ...load, durationSec: options.durationSec };
      // Who goes first alternates (service, baseline, baseline, service, ...), so a drift over
      // the run (the database growing, its heap, the machine's other work) favours neither.
      if (round % 2 === 0) {
        serviceRounds.push(await measureRound(service, prepared.request, roundOptions));
        baselineRounds.push(await measureRound(baseline, prepared.request, roundOptions));
      } else {
        baselineRounds.push(await measureRound(baseline, prepared.request, roundOptions));
        serviceRounds.push(await measureRound(service, prepared.request, roundOptions));
      }
    }
    const serviceSide = summarise(serviceRounds, service);
    const baselineSide = summarise(baselineRounds, baseline);
    const logged = await ctx.stop(service);
    await ctx.stop(baseline);
    return {
      label: scenario.label,
      request: { method: prepared.request.method, path: prepared.request.path },
      service: { ...serviceSide, logLines: logged.lines },
      baseline: baselineSide,
      ratio: ratio(serviceSide.reqPerSec, baselineSide.reqPerSec),
      ...(profileDir === undefined
        ? {}
        : {
            profile: {
              service: firstProfile(join(profileDir, 'service')),
              baseline: firstProfile(join(profileDir, 'baseline')),
            },
          }),
    };
  } finally {
    await ctx.stop(service);
    if (baseline !== undefined) await ctx.stop(baseline);
  }
}

/** Every route against its baseline, interleaved: service, baseline, service, baseline... */
export async function runHttpSection(ctx: BenchContext): Promise<(RouteResult | RouteSkip)[]> {
  const filter = ctx.options.routeFilter;
  const scenarios = ROUTES.filter(
    (scenario) => filter.length === 0 || filter.some((text) => scenario.label.includes(text)),
  );
  const results: (RouteResult | RouteSkip)[] = [];
  for (const scenario of scenarios) {
    if (!isBuilt(serviceInfo(scenario.service))) {
      results.push({ label: scenario.label, skipped: 'service not built' });
      ctx.note(`http: ${scenario.label}: skipped (no compiled entry)`);
      continue;
    }
    ctx.note(`http: ${scenario.label} ...`);
    try {
      const result = await measureRoute(ctx, scenario);
      ctx.note(
        `http: ${scenario.label}: ${result.service.reqPerSec.toFixed(0)} vs ${result.baseline.reqPerSec.toFixed(0)} req/s (${result.ratio.toFixed(2)}x)`,
      );
      results.push(result);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      ctx.note(`http: ${scenario.label}: failed: ${message}`);
      results.push({ label: scenario.label, skipped: `failed: ${message.split('\n')[0] ?? ''}` });
    }
  }
  return results;
}
