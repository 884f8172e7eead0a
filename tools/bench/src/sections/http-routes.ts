import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchContext } from '../context.js';
import { copyDatabase } from '../copy-database.js';
import { runLoad, type LoadRequest, type LoadResult, type WalkCursor } from '../load.js';
import type { BenchOptions } from '../options.js';
import { cpuTimeMs, peakRss, type BenchProcess } from '../processes.js';
import {
  firstProfileIn,
  selfTimeByOrigin,
  topSelfTime,
  type SelfTime,
  type TimeWindow,
} from '../profile-summary.js';
import type { BaselineFramework } from '../baseline-servers/index.js';
import { roundOrder } from '../round-order.js';
import { ROUTES, type RouteScenario } from '../scenarios.js';
import {
  isBuilt,
  REPO_ROOT,
  RESULTS_DIR,
  serviceInfo,
  servicesIn,
  type ServiceInfo,
} from '../services.js';
import { median, ratio, spread } from '../stats.js';

export interface RoundResult extends LoadResult {
  /** CPU time the server process used per answered request (all its threads), in microseconds. */
  cpuUsPerReq: number;
  /**
   * CPU time the database server used per answered request: in a round it serves this side
   * alone, so this is the side's database work, which the server's own figure leaves out.
   */
  dbCpuUsPerReq: number;
  /** When the load ran, on the clock of the processes' CPU profiles. */
  window: TimeWindow;
}

export interface SideResult {
  rounds: RoundResult[];
  reqPerSec: number;
  cpuUsPerReq: number;
  dbCpuUsPerReq: number;
  p50: number;
  p99: number;
  /** (max - min) / median of the rounds' req/s. */
  spread: number;
  bad: number;
  peakRssBytes: number | undefined;
}

export interface ServiceSideResult extends SideResult {
  /** Lines the service logged while it ran: one per request when request logging works. */
  logLines: number;
}

export interface OtherSideResult extends ServiceSideResult {
  /** Its median req/s over the baseline's. */
  ratio: number;
  /** This checkout's service's median req/s over the other checkout's. */
  thisOverOther: number;
}

/** The same baseline work served by another framework, loaded in the same rounds. */
export interface FrameworkSideResult extends SideResult {
  framework: Exclude<BaselineFramework, 'express'>;
  /** Median service req/s over this side's. */
  ratio: number;
  /** Lines it logged while it ran (the idiomatic stacks log one per request, as the service). */
  logLines?: number;
}

export interface RouteResult {
  label: string;
  /** The service ran with tracing on (a reported ratio, held to no target). */
  traced?: boolean;
  request: Pick<LoadRequest, 'method' | 'path'>;
  service: ServiceSideResult;
  /** The bare Express 5 baseline. */
  baseline: SideResult;
  /** Median service req/s over median baseline req/s. */
  ratio: number;
  /** The same work on Fastify 5 and on Node's own `http` module (as --baselines asks). */
  frameworks?: FrameworkSideResult[];
  /** With --compare: the same service compiled in the other checkout, loaded in the same rounds. */
  other?: OtherSideResult;
  /**
   * With --profile: the busiest functions (self time) of each process, and each process's self
   * time by origin (package, Node, workspace), by side: service, other, express, fastify, node.
   */
  profile?: {
    service: SelfTime[];
    baseline: SelfTime[];
    other?: SelfTime[];
    origins?: Record<string, SelfTime[]>;
  };
}

export interface RouteSkip {
  label: string;
  skipped: string;
}

/** The busiest functions of a side while it was loaded, from its profile folder. */
function topFunctions(dir: string, side: LoadedSide): SelfTime[] {
  try {
    const profile = firstProfileIn(dir);
    return profile === undefined ? [] : topSelfTime(profile, REPO_ROOT, 12, windowsOf(side));
  } catch {
    return [];
  }
}

function windowsOf(side: LoadedSide): TimeWindow[] {
  return side.rounds.map((round) => round.window);
}

/**
 * Each side's self time by origin while it was loaded, from its profile folder (`baseline`
 * holds express's).
 */
function originsBySide(
  profileDir: string,
  sides: readonly { name: string; side: LoadedSide }[],
): Record<string, SelfTime[]> {
  const origins: Record<string, SelfTime[]> = {};
  for (const { name, side } of sides) {
    try {
      const profile = firstProfileIn(join(profileDir, name === 'express' ? 'baseline' : name));
      if (profile !== undefined) {
        origins[name] = selfTimeByOrigin(profile, REPO_ROOT, windowsOf(side));
      }
    } catch {
      // No profile from that side (it did not exit cleanly): its line is left out.
    }
  }
  return origins;
}

/** The clock V8 stamps CPU profiles with, in every process of the machine. */
function monotonicUs(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/** One load run, with the CPU time the server spent on it. */
async function measureRound(
  side: LoadedSide,
  databasePid: number,
  options: { durationSec: number; connections: number },
): Promise<RoundResult> {
  const { proc } = side;
  const cpuBefore = cpuTimeMs(proc.pid) ?? Number.NaN;
  const dbCpuBefore = cpuTimeMs(databasePid) ?? Number.NaN;
  const startUs = monotonicUs();
  const result = await runLoad(proc.url, side.request, options, side.cursor);
  const window = { startUs, endUs: monotonicUs() };
  const cpuAfter = cpuTimeMs(proc.pid) ?? Number.NaN;
  const dbCpuAfter = cpuTimeMs(databasePid) ?? Number.NaN;
  return {
    ...result,
    cpuUsPerReq: ((cpuAfter - cpuBefore) * 1000) / result.requests,
    dbCpuUsPerReq: ((dbCpuAfter - dbCpuBefore) * 1000) / result.requests,
    window,
  };
}

/** One process under load: the request it is sent and its rounds so far. */
interface LoadedSide {
  proc: BenchProcess;
  request: LoadRequest;
  rounds: RoundResult[];
  /** Its own place in the request's walk, if it has one. */
  cursor: WalkCursor;
}

function loadedSide(proc: BenchProcess, request: LoadRequest): LoadedSide {
  return { proc, request, rounds: [], cursor: { next: 0 } };
}

function summarise(side: LoadedSide): SideResult {
  const { rounds } = side;
  return {
    rounds,
    reqPerSec: median(rounds.map((round) => round.reqPerSec)),
    cpuUsPerReq: median(rounds.map((round) => round.cpuUsPerReq)),
    dbCpuUsPerReq: median(rounds.map((round) => round.dbCpuUsPerReq)),
    p50: median(rounds.map((round) => round.p50)),
    p99: median(rounds.map((round) => round.p99)),
    spread: spread(rounds.map((round) => round.reqPerSec)),
    bad: rounds.reduce((sum, round) => sum + round.bad, 0),
    peakRssBytes: peakRss(side.proc.pid),
  };
}

/** A warm-up of each side, then the measured rounds, their order changing from round to round. */
async function loadInRounds(
  sides: readonly LoadedSide[],
  options: BenchOptions,
  databasePid: number,
): Promise<void> {
  const load = { connections: options.connections };
  for (const side of sides) {
    await runLoad(
      side.proc.url,
      side.request,
      { ...load, durationSec: options.warmupSec },
      side.cursor,
    );
  }
  for (let round = 0; round < options.rounds; round += 1) {
    for (const index of roundOrder(round, sides.length)) {
      const side = sides[index];
      if (side === undefined) continue;
      side.rounds.push(
        await measureRound(side, databasePid, { ...load, durationSec: options.durationSec }),
      );
    }
  }
}

async function measureRoute(
  ctx: BenchContext,
  scenario: RouteScenario,
  other: ServiceInfo | undefined,
): Promise<RouteResult> {
  const { options } = ctx;
  const profileDir = options.profile
    ? join(RESULTS_DIR, 'profiles', scenario.label.replace(/\W+/g, '-'))
    : undefined;
  if (profileDir !== undefined) rmSync(profileDir, { recursive: true, force: true });
  const started: BenchProcess[] = [];
  const startService = async (service: ServiceInfo, dbName: string, profile: string) => {
    const { proc } = await ctx.startService(
      service,
      dbName,
      profileDir && join(profileDir, profile),
      scenario.traced === true,
    );
    started.push(proc);
    const prepared = await scenario.prepare({
      serviceUrl: proc.url,
      db: ctx.client.db(dbName),
      loadSeconds: options.warmupSec + options.rounds * options.durationSec,
    });
    return { proc, prepared };
  };
  try {
    const dbName = ctx.freshDbName(scenario.service);
    const service = await startService(serviceInfo(scenario.service), dbName, 'service');
    const otherService =
      other === undefined
        ? undefined
        : await startService(other, ctx.freshDbName(scenario.service), 'other');
    // Alone with the service, the baselines serve the service's database. Beside a second
    // service they get a copy of it, so that each side's writes grow only its own collections;
    // a walk's requests change what they name once, so there each baseline gets a copy of its own.
    const ownCopies = service.prepared.request.walk !== undefined;
    const copyOfService = async (): Promise<string> => {
      const copy = ctx.freshDbName(`${scenario.service}-baseline`);
      await copyDatabase(ctx.client.db(dbName), ctx.client.db(copy));
      return copy;
    };
    let sharedBaselineDb = dbName;
    if (otherService !== undefined && !ownCopies) sharedBaselineDb = await copyOfService();
    const startBaseline = async (framework: BaselineFramework) => {
      const proc = await ctx.startBaseline(
        framework,
        scenario.baseline,
        ownCopies ? await copyOfService() : sharedBaselineDb,
        service.prepared.fixture,
        profileDir && join(profileDir, framework === 'express' ? 'baseline' : framework),
      );
      started.push(proc);
      return proc;
    };
    const baseline = await startBaseline('express');
    const frameworkSides: { framework: FrameworkSideResult['framework']; side: LoadedSide }[] = [];
    for (const framework of options.frameworks) {
      if (framework === 'express') continue;
      const proc = await startBaseline(framework);
      frameworkSides.push({ framework, side: loadedSide(proc, service.prepared.request) });
    }

    const serviceSide = loadedSide(service.proc, service.prepared.request);
    const otherSide = otherService && loadedSide(otherService.proc, otherService.prepared.request);
    const baselineSide = loadedSide(baseline, service.prepared.request);
    await loadInRounds(
      [
        serviceSide,
        ...(otherSide === undefined ? [] : [otherSide]),
        baselineSide,
        ...frameworkSides.map(({ side }) => side),
      ],
      options,
      ctx.databasePid,
    );
    const serviceResult = summarise(serviceSide);
    const baselineResult = summarise(baselineSide);
    const otherResult = otherSide && summarise(otherSide);
    const serviceLogged = await ctx.stop(service.proc);
    const otherLogged = otherSide && (await ctx.stop(otherSide.proc));
    await ctx.stop(baseline);
    // Summarised before they stop (their peak RSS is read from /proc), and stopped here rather
    // than with the rest, so that their profiles are written before reading.
    const frameworkResults: FrameworkSideResult[] = [];
    for (const { framework, side } of frameworkSides) {
      const summary = summarise(side);
      const { lines } = await ctx.stop(side.proc);
      const serviceOverSide = ratio(serviceResult.reqPerSec, summary.reqPerSec);
      const logged = framework.endsWith('-idiomatic') ? { logLines: lines } : {};
      frameworkResults.push({ ...summary, framework, ratio: serviceOverSide, ...logged });
    }

    const result: RouteResult = {
      ...(scenario.traced === true ? { traced: true } : {}),
      label: scenario.label,
      request: { method: service.prepared.request.method, path: service.prepared.request.path },
      service: { ...serviceResult, logLines: serviceLogged.lines },
      baseline: baselineResult,
      ratio: ratio(serviceResult.reqPerSec, baselineResult.reqPerSec),
    };
    if (frameworkResults.length > 0) result.frameworks = frameworkResults;
    if (otherResult !== undefined && otherLogged !== undefined) {
      result.other = {
        ...otherResult,
        logLines: otherLogged.lines,
        ratio: ratio(otherResult.reqPerSec, baselineResult.reqPerSec),
        thisOverOther: ratio(serviceResult.reqPerSec, otherResult.reqPerSec),
      };
    }
    if (profileDir !== undefined) {
      result.profile = {
        service: topFunctions(join(profileDir, 'service'), serviceSide),
        baseline: topFunctions(join(profileDir, 'baseline'), baselineSide),
        ...(otherSide === undefined
          ? {}
          : { other: topFunctions(join(profileDir, 'other'), otherSide) }),
        origins: originsBySide(profileDir, [
          { name: 'service', side: serviceSide },
          ...(otherSide === undefined ? [] : [{ name: 'other', side: otherSide }]),
          { name: 'express', side: baselineSide },
          ...frameworkSides.map(({ framework, side }) => ({ name: framework, side })),
        ]),
      };
    }
    return result;
  } finally {
    for (const proc of started) await ctx.stop(proc);
  }
}

function describeResult(result: RouteResult): string {
  const { service, baseline, other } = result;
  if (other === undefined) {
    const frameworks = (result.frameworks ?? []).map(
      (side) => `, ${side.framework} ${side.reqPerSec.toFixed(0)} (${side.ratio.toFixed(2)}x)`,
    );
    return `${service.reqPerSec.toFixed(0)} vs ${baseline.reqPerSec.toFixed(0)} req/s (${result.ratio.toFixed(2)}x)${frameworks.join('')}`;
  }
  return (
    `this ${service.reqPerSec.toFixed(0)}, other ${other.reqPerSec.toFixed(0)}, baseline ` +
    `${baseline.reqPerSec.toFixed(0)} req/s (this/other ${other.thisOverOther.toFixed(2)}x)`
  );
}

/**
 * Every route against its baseline (and, with --compare, the other checkout's service), loaded
 * in interleaved rounds.
 */
export async function runHttpSection(ctx: BenchContext): Promise<(RouteResult | RouteSkip)[]> {
  const { routeFilter: filter, compareDir } = ctx.options;
  const scenarios = ROUTES.filter(
    (scenario) => filter.length === 0 || filter.some((text) => scenario.label.includes(text)),
  );
  const others = compareDir === undefined ? undefined : servicesIn(compareDir);
  const results: (RouteResult | RouteSkip)[] = [];
  for (const scenario of scenarios) {
    const other = others && serviceInfo(scenario.service, others);
    const unbuilt = !isBuilt(serviceInfo(scenario.service))
      ? 'service not built'
      : other !== undefined && !isBuilt(other)
        ? `service not built in ${compareDir}`
        : undefined;
    if (unbuilt !== undefined) {
      results.push({ label: scenario.label, skipped: unbuilt });
      ctx.note(`http: ${scenario.label}: skipped (${unbuilt})`);
      continue;
    }
    ctx.note(`http: ${scenario.label} ...`);
    try {
      const result = await measureRoute(ctx, scenario, other);
      ctx.note(`http: ${scenario.label}: ${describeResult(result)}`);
      results.push(result);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      ctx.note(`http: ${scenario.label}: failed: ${message}`);
      results.push({ label: scenario.label, skipped: `failed: ${message.split('\n')[0] ?? ''}` });
    }
  }
  return results;
}
