import { microsecondsByOrigin } from './profile-summary.js';
import type { DriverProfile } from './sections/driver-profile.js';
import type { EmbeddedResult, OpsFigure } from './sections/embedded.js';
import type {
  FrameworkSideResult,
  RouteResult,
  RouteSkip,
  SideResult,
} from './sections/http-routes.js';
import type { IdleStreamsResult } from './sections/idle-streams.js';
import type { LaunchMemoryOutcome } from './sections/launch-memory.js';
import type { MemoryResult } from './sections/memory.js';
import { REPO_ROOT } from './services.js';
import type { StartupResult } from './sections/startup.js';
import {
  formatCount,
  formatMiB,
  formatNumber,
  formatRatio,
  renderTable,
  type Column,
} from './table.js';

export const TARGETS = {
  routeRatio: 0.9,
  /** The service against the idiomatic stacks doing the same per-request work. */
  idiomaticRatios: { 'express-idiomatic': 1.0, 'fastify-idiomatic': 0.9 },
  memoryGrowthBytes: 64 * 1024 * 1024,
  findOneRatio: 0.8,
  findOneVsPing: 0.85,
  insertOneSequential: 3_000,
  startupMs: 1_000,
  launchRssBytes: 1024 * 1024 * 1024,
};

export interface TargetCheck {
  target: string;
  measured: string;
  met: boolean | undefined;
}

export function httpTable(results: readonly (RouteResult | RouteSkip)[]): string {
  const columns: Column<RouteResult | RouteSkip>[] = [
    { header: 'route', cell: (r) => r.label },
    {
      header: 'service req/s',
      align: 'right',
      cell: (r) => ('skipped' in r ? r.skipped : formatCount(r.service.reqPerSec)),
    },
    {
      header: 'baseline req/s',
      align: 'right',
      cell: (r) => ('skipped' in r ? '' : formatCount(r.baseline.reqPerSec)),
    },
    {
      header: 'ratio',
      align: 'right',
      cell: (r) => ('skipped' in r ? '' : formatRatio(r.ratio, TARGETS.routeRatio)),
    },
    {
      header: 'p50 ms svc/base',
      align: 'right',
      cell: (r) =>
        'skipped' in r ? '' : `${formatNumber(r.service.p50)} / ${formatNumber(r.baseline.p50)}`,
    },
    {
      header: 'p99 ms svc/base',
      align: 'right',
      cell: (r) =>
        'skipped' in r ? '' : `${formatNumber(r.service.p99)} / ${formatNumber(r.baseline.p99)}`,
    },
    {
      header: 'CPU µs/req svc/base',
      align: 'right',
      cell: (r) =>
        'skipped' in r
          ? ''
          : `${formatNumber(r.service.cpuUsPerReq)} / ${formatNumber(r.baseline.cpuUsPerReq)}`,
    },
    {
      header: 'peak RSS svc',
      align: 'right',
      cell: (r) => ('skipped' in r ? '' : formatMiB(r.service.peakRssBytes)),
    },
    {
      header: 'peak RSS base',
      align: 'right',
      cell: (r) => ('skipped' in r ? '' : formatMiB(r.baseline.peakRssBytes)),
    },
  ];
  return renderTable(columns, results);
}

function frameworkSide(
  r: RouteResult,
  framework: FrameworkSideResult['framework'],
): FrameworkSideResult | undefined {
  return r.frameworks?.find((side) => side.framework === framework);
}

/** The ratio a framework's side is held to: only the idiomatic stacks, which do the same work. */
function targetOf(framework: FrameworkSideResult['framework']): number | undefined {
  return framework === 'express-idiomatic' || framework === 'fastify-idiomatic'
    ? TARGETS.idiomaticRatios[framework]
    : undefined;
}

/**
 * Per route, the service beside the same work served by bare Express, Fastify and Node's own
 * `http` module, and by Express and Fastify doing the services' per-request work the idiomatic
 * way (those of them --baselines asked for), loaded in the same rounds.
 */
export function frameworksTable(results: readonly (RouteResult | RouteSkip)[]): string {
  const measured = results.filter((r): r is RouteResult => !('skipped' in r));
  const order = ['fastify', 'node', 'express-idiomatic', 'fastify-idiomatic'] as const;
  const frameworks = order.filter((framework) =>
    measured.some((r) => frameworkSide(r, framework) !== undefined),
  );
  const columns: Column<RouteResult>[] = [
    { header: 'route', cell: (r) => r.label },
    { header: 'service req/s', align: 'right', cell: (r) => formatCount(r.service.reqPerSec) },
    { header: 'express req/s', align: 'right', cell: (r) => formatCount(r.baseline.reqPerSec) },
    ...frameworks.map((framework): Column<RouteResult> => ({
      header: `${framework} req/s`,
      align: 'right',
      cell: (r) => formatCount(frameworkSide(r, framework)?.reqPerSec),
    })),
    {
      header: 'svc/express',
      align: 'right',
      cell: (r) => formatRatio(r.ratio, TARGETS.routeRatio),
    },
    ...frameworks.map((framework): Column<RouteResult> => ({
      header: `svc/${framework}`,
      align: 'right',
      cell: (r) => formatRatio(frameworkSide(r, framework)?.ratio, targetOf(framework)),
    })),
    {
      header: `CPU µs/req svc/express${frameworks.map((f) => `/${f}`).join('')}`,
      align: 'right',
      cell: (r) =>
        [r.service, r.baseline, ...frameworks.map((f) => frameworkSide(r, f))]
          .map((side) => formatNumber(side?.cpuUsPerReq))
          .join(' / '),
    },
  ];
  return renderTable(columns, measured);
}

/**
 * The HTTP table of a run with --compare: per route, this checkout's service, the other
 * checkout's and the baseline, loaded in the same rounds.
 */
export function compareHttpTable(results: readonly (RouteResult | RouteSkip)[]): string {
  const measured =
    (cell: (r: RouteResult) => string) =>
    (r: RouteResult | RouteSkip): string =>
      'skipped' in r ? '' : cell(r);
  const columns: Column<RouteResult | RouteSkip>[] = [
    { header: 'route', cell: (r) => r.label },
    {
      header: 'this req/s',
      align: 'right',
      cell: (r) => ('skipped' in r ? r.skipped : formatCount(r.service.reqPerSec)),
    },
    {
      header: 'other req/s',
      align: 'right',
      cell: measured((r) => formatCount(r.other?.reqPerSec)),
    },
    {
      header: 'baseline req/s',
      align: 'right',
      cell: measured((r) => formatCount(r.baseline.reqPerSec)),
    },
    {
      header: 'this/base',
      align: 'right',
      cell: measured((r) => formatRatio(r.ratio, TARGETS.routeRatio)),
    },
    { header: 'other/base', align: 'right', cell: measured((r) => formatRatio(r.other?.ratio)) },
    {
      header: 'this/other',
      align: 'right',
      cell: measured((r) => formatRatio(r.other?.thisOverOther)),
    },
    {
      header: 'CPU µs/req this/other/base',
      align: 'right',
      cell: measured(
        (r) =>
          `${formatNumber(r.service.cpuUsPerReq)} / ${formatNumber(r.other?.cpuUsPerReq)} / ${formatNumber(r.baseline.cpuUsPerReq)}`,
      ),
    },
    {
      header: 'database CPU µs/req this/other/base',
      align: 'right',
      cell: measured(
        (r) =>
          `${formatNumber(r.service.dbCpuUsPerReq)} / ${formatNumber(r.other?.dbCpuUsPerReq)} / ${formatNumber(r.baseline.dbCpuUsPerReq)}`,
      ),
    },
  ];
  return renderTable(columns, results);
}

function percent(value: number): string {
  return `${(value * 100).toFixed(0)}%`;
}

export function httpNotes(results: readonly (RouteResult | RouteSkip)[]): string[] {
  const notes: string[] = [];
  for (const r of results) {
    if ('skipped' in r) continue;
    const sides = [
      { name: 'service', side: r.service },
      ...(r.other === undefined ? [] : [{ name: 'other', side: r.other }]),
      { name: 'baseline', side: r.baseline },
      ...(r.frameworks ?? []).map((side) => ({ name: side.framework, side })),
    ];
    const listed = (figure: (side: SideResult) => string): string =>
      sides.map(({ name, side }) => `${name} ${figure(side)}`).join(', ');
    if (sides.some(({ side }) => side.bad > 0))
      notes.push(`${r.label}: unexpected answers or errors: ${listed((side) => String(side.bad))}`);
    for (const [whose, side] of [
      ['', r.service],
      [" of the other checkout's service", r.other],
      ...(r.frameworks ?? []).map((each) => [` of ${each.framework}`, each] as const),
    ] as const) {
      if (side?.logLines === undefined) continue;
      const served = side.rounds.reduce((sum, round) => sum + round.requests, 0);
      if (side.logLines < served)
        notes.push(
          `${r.label}: only ${side.logLines} log lines for ${served} measured requests${whose}`,
        );
    }
    if (sides.some(({ side }) => side.spread > 0.15))
      notes.push(`${r.label}: noisy rounds (spread ${listed((side) => percent(side.spread))})`);
  }
  return notes;
}

export function memoryTable(result: MemoryResult): string {
  const rows = [
    { name: 'service (products)', side: result.service },
    { name: 'baseline (toArray)', side: result.baseline },
  ];
  return renderTable(
    [
      { header: `GET /products, ${formatCount(result.products)} products`, cell: (r) => r.name },
      { header: 'peak RSS growth', align: 'right', cell: (r) => formatMiB(r.side.peakGrowthBytes) },
      { header: 'idle RSS', align: 'right', cell: (r) => formatMiB(r.side.idleRssBytes) },
      { header: 'first byte ms', align: 'right', cell: (r) => formatNumber(r.side.firstByteMs) },
      { header: 'last byte ms', align: 'right', cell: (r) => formatNumber(r.side.lastByteMs) },
      { header: 'items', align: 'right', cell: (r) => formatCount(r.side.items) },
      { header: 'body', align: 'right', cell: (r) => formatMiB(r.side.fetches[0]?.bytes) },
    ],
    rows,
  );
}

export function idleStreamsTable(result: IdleStreamsResult): string {
  return renderTable(
    [
      { header: `${result.label}, idle streams`, cell: () => formatCount(result.streams) },
      { header: 'idle RSS', align: 'right', cell: () => formatMiB(result.idleRssBytes) },
      {
        header: 'RSS with the streams',
        align: 'right',
        cell: () => formatMiB(result.withStreamsRssBytes),
      },
      {
        header: 'per stream',
        align: 'right',
        cell: () => `${formatNumber((result.bytesPerStream ?? Number.NaN) / 1024, 1)} KB`,
      },
      { header: 'open ms (median)', align: 'right', cell: () => formatNumber(result.openMs) },
    ],
    [result],
  );
}

export function embeddedTable(result: EmbeddedResult): string {
  const sizes = [...new Set(result.figures.map((f) => f.documents))].sort((a, b) => a - b);
  const keys = [...new Set(result.figures.map((f) => `${f.operation}|${f.concurrency}`))];
  const rows = keys.map((key) => {
    const [operation = '', concurrency = ''] = key.split('|');
    const at = (documents: number): OpsFigure | undefined =>
      result.figures.find(
        (f) =>
          f.operation === operation &&
          f.concurrency === Number(concurrency) &&
          f.documents === documents,
      );
    const largest = at(sizes.at(-1) ?? 0);
    return {
      operation,
      concurrency,
      rates: sizes.map((size) => at(size)?.opsPerSec),
      cpu: `${formatCount(largest?.serverCpuUs)} / ${formatCount(largest?.clientCpuUs)}`,
    };
  });
  const small = 0;
  const large = sizes.length - 1;
  return renderTable(
    [
      { header: 'operation (driver)', cell: (r) => r.operation },
      { header: 'in flight', align: 'right', cell: (r) => r.concurrency },
      ...sizes.map((size, i) => ({
        header: `ops/s at ${formatCount(size)} docs`,
        align: 'right' as const,
        cell: (r: (typeof rows)[number]) => formatCount(r.rates[i]),
      })),
      {
        header: 'large/small',
        align: 'right',
        cell: (r) =>
          formatRatio(
            (r.rates[large] ?? Number.NaN) / (r.rates[small] ?? Number.NaN),
            r.operation === 'findOne by _id' ? TARGETS.findOneRatio : undefined,
          ),
      },
      {
        header: `CPU µs/op server / driver at ${formatCount(sizes.at(-1))}`,
        align: 'right',
        cell: (r) => r.cpu,
      },
    ],
    rows,
  );
}

export function startupTable(results: readonly StartupResult[]): string {
  return renderTable(
    [
      {
        header: 'service',
        cell: (r) => (r.checkout === undefined ? r.service : `${r.service} (other)`),
      },
      {
        header: 'start → /readyz 200, median ms',
        align: 'right',
        cell: (r) => r.skipped ?? formatNumber(r.medianMs),
      },
      { header: 'max ms', align: 'right', cell: (r) => (r.skipped ? '' : formatNumber(r.maxMs)) },
      { header: 'starts', align: 'right', cell: (r) => String(r.readyMs.length) },
      {
        header: 'peak RSS',
        align: 'right',
        cell: (r) => (r.skipped ? '' : formatMiB(r.peakRssBytes)),
      },
    ],
    results,
  );
}

/** Where `npm start`'s memory goes: per process, then the totals, from source and compiled. */
export function launchTable(results: readonly LaunchMemoryOutcome[]): string {
  const rows: { what: string; rss: string; pss: string }[] = [];
  for (const result of results) {
    if ('skipped' in result) {
      rows.push({ what: `npm start (${result.mode}): ${result.skipped}`, rss: '', pss: '' });
      continue;
    }
    for (const p of [...result.processes].sort((a, b) => b.rssBytes - a.rssBytes)) {
      rows.push({
        what: `  ${`${p.cwd}/`.replace(`${REPO_ROOT}/`, '') || '.'}: ${p.command.split(`${REPO_ROOT}/`).join('')}`.slice(
          0,
          100,
        ),
        rss: formatMiB(p.rssBytes),
        pss: formatMiB(p.pssBytes),
      });
    }
    rows.push({
      what: `npm start (${result.mode}): ${result.processes.length} processes, ready in ${formatNumber(result.readyMs)} ms`,
      rss: formatMiB(result.totalRssBytes),
      pss: formatMiB(result.totalPssBytes),
    });
  }
  return renderTable(
    [
      { header: 'process (npm start, idle after ready)', cell: (r) => r.what },
      { header: 'RSS', align: 'right', cell: (r) => r.rss },
      { header: 'PSS', align: 'right', cell: (r) => r.pss },
    ],
    rows,
  );
}

export function checkTargets(parts: {
  http?: readonly (RouteResult | RouteSkip)[];
  memory?: MemoryResult | { skipped: string };
  embedded?: EmbeddedResult;
  startup?: readonly StartupResult[];
  launch?: readonly LaunchMemoryOutcome[];
}): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const r of parts.http ?? []) {
    if ('skipped' in r) {
      checks.push({
        target: `${r.label} ≥ ${TARGETS.routeRatio}x baseline`,
        measured: r.skipped,
        met: undefined,
      });
      continue;
    }
    if (r.traced === true) {
      // What tracing costs is reported; the targets hold for the services as they run by default.
      checks.push({
        target: `${r.label}: reported, no target`,
        measured: formatRatio(r.ratio),
        met: undefined,
      });
      continue;
    }
    checks.push({
      target: `${r.label} ≥ ${TARGETS.routeRatio}x baseline`,
      measured: formatRatio(r.ratio),
      met: r.ratio >= TARGETS.routeRatio && r.service.bad === 0,
    });
    for (const side of r.frameworks ?? []) {
      const target = targetOf(side.framework);
      if (target === undefined) continue;
      checks.push({
        target: `${r.label} ≥ ${target.toFixed(1)}x ${side.framework}`,
        measured: formatRatio(side.ratio),
        met: side.ratio >= target && r.service.bad === 0,
      });
    }
  }
  if (parts.memory !== undefined) {
    const growth = 'skipped' in parts.memory ? undefined : parts.memory.service.peakGrowthBytes;
    checks.push({
      target: `GET /products peak RSS growth < ${formatMiB(TARGETS.memoryGrowthBytes)}`,
      measured: 'skipped' in parts.memory ? parts.memory.skipped : formatMiB(growth),
      met: growth === undefined ? undefined : growth < TARGETS.memoryGrowthBytes,
    });
  }
  if (parts.embedded !== undefined) {
    const { sequential, concurrent } = parts.embedded.findOneRatio;
    checks.push({
      target: `embedded findOne by _id, large/small ≥ ${TARGETS.findOneRatio}x`,
      measured: `sequential ${formatRatio(sequential)}, 50 in flight ${formatRatio(concurrent)}`,
      met: Math.min(sequential, concurrent) >= TARGETS.findOneRatio,
    });
    const vsPing = parts.embedded.pingRatio;
    // Where the time goes: the server's CPU per operation beside the driver's, 32 in flight.
    const largest = Math.max(...parts.embedded.figures.map((f) => f.documents));
    const cpuOf = (operation: OpsFigure['operation']): string => {
      const figure = parts.embedded?.figures.find(
        (f) => f.operation === operation && f.concurrency === 32 && f.documents === largest,
      );
      return `${formatCount(figure?.serverCpuUs)} / ${formatCount(figure?.clientCpuUs)}`;
    };
    checks.push({
      target: `embedded findOne by _id ≥ ${TARGETS.findOneVsPing}x ping (1 and 32 in flight)`,
      measured:
        `1: ${formatRatio(vsPing.sequential)}, 32: ${formatRatio(vsPing.concurrent)}; ` +
        `CPU µs/op server / driver at 32: ping ${cpuOf('ping')}, ` +
        `findOne ${cpuOf('findOne by _id (beside ping)')}`,
      met: Math.min(vsPing.sequential, vsPing.concurrent) >= TARGETS.findOneVsPing,
    });
    const inserts = parts.embedded.figures.filter(
      (f) => f.operation === 'insertOne' && f.concurrency === 1,
    );
    const slowest = Math.min(...inserts.map((f) => f.opsPerSec));
    checks.push({
      target: `embedded insertOne, 1 in flight ≥ ${formatCount(TARGETS.insertOneSequential)}/s`,
      measured: `${formatCount(slowest)}/s (slowest size)`,
      met: inserts.length === 0 ? undefined : slowest >= TARGETS.insertOneSequential,
    });
  }
  // The targets are this checkout's; the other one's start-ups (--compare) are only shown.
  for (const r of (parts.startup ?? []).filter((result) => result.checkout === undefined)) {
    checks.push({
      target: `${r.service} start-up < ${TARGETS.startupMs} ms`,
      measured: r.skipped ?? `${formatNumber(r.maxMs)} ms (max)`,
      met: r.skipped !== undefined ? undefined : r.maxMs < TARGETS.startupMs,
    });
  }
  // The process-per-service run is there for comparison: the target is what `npm start` holds.
  for (const r of parts.launch ?? []) {
    checks.push({
      target: `npm start (${r.mode}) RSS total < ${formatMiB(TARGETS.launchRssBytes)}`,
      measured: 'skipped' in r ? r.skipped : formatMiB(r.totalRssBytes),
      met: 'skipped' in r ? undefined : r.totalRssBytes < TARGETS.launchRssBytes,
    });
  }
  return checks;
}

export function targetsTable(checks: readonly TargetCheck[]): string {
  return renderTable(
    [
      { header: 'target', cell: (c) => c.target },
      { header: 'measured', align: 'right', cell: (c) => c.measured },
      { header: 'met', cell: (c) => (c.met === undefined ? 'not measured' : c.met ? 'yes' : 'NO') },
    ],
    checks,
  );
}

function originList(origins: readonly { origin: string; us: number }[]): string {
  return origins
    .slice(0, 10)
    .map(({ origin, us }) => `${origin} ${Math.round(us)}`)
    .join(', ');
}

/** With --profile: where the driver's time goes in `ping` and findOne loops (32 in flight). */
export function driverProfileNotes(profile: DriverProfile): string {
  const lines = ['Driver (the bench process), 32 in flight, under the profiler:'];
  for (const [name, loop] of [
    ['ping', profile.ping],
    ['findOne by _id', profile.findOne],
  ] as const) {
    lines.push(
      `  ${name}: ${Math.round(loop.opsPerSec)} ops/s, ${Math.round(loop.clientCpuUs)} µs of CPU per op`,
    );
    lines.push(
      `    µs of CPU per op by origin: ${originList(microsecondsByOrigin(loop.byOrigin, loop.clientCpuUs))}`,
    );
    for (const frame of loop.top)
      lines.push(`    ${(frame.share * 100).toFixed(1).padStart(5)}%  ${frame.frame}`);
  }
  return lines.join('\n');
}

/** With --profile: the busiest functions of the service and of its baseline, per route. */
export function profileNotes(results: readonly (RouteResult | RouteSkip)[]): string {
  const lines: string[] = [];
  for (const r of results) {
    if ('skipped' in r || r.profile === undefined) continue;
    lines.push(`${r.label}: top self time`);
    for (const [side, frames] of [
      ['service', r.profile.service],
      ['other', r.profile.other],
      ['baseline', r.profile.baseline],
    ] as const) {
      if (frames === undefined) continue;
      lines.push(`  ${side}:`);
      for (const frame of frames)
        lines.push(`    ${(frame.share * 100).toFixed(1).padStart(5)}%  ${frame.frame}`);
    }
    const cpuOf: Record<string, number | undefined> = {
      service: r.service.cpuUsPerReq,
      other: r.other?.cpuUsPerReq,
      express: r.baseline.cpuUsPerReq,
      ...Object.fromEntries((r.frameworks ?? []).map((side) => [side.framework, side.cpuUsPerReq])),
    };
    for (const [side, origins] of Object.entries(r.profile.origins ?? {})) {
      const cpu = cpuOf[side];
      if (cpu === undefined) continue;
      lines.push(
        `  ${side}, µs of CPU per request by origin: ${originList(microsecondsByOrigin(origins, cpu))}`,
      );
    }
  }
  return lines.join('\n');
}
