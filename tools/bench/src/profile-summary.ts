import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The parts of a V8 .cpuprofile (as written by `node --cpu-prof`) that self time needs. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
  /** When sampling began, in µs of the monotonic clock (`process.hrtime.bigint() / 1000n`). */
  startTime?: number;
}

/** A stretch of the monotonic clock, in µs, as `process.hrtime.bigint() / 1000n` reads it. */
export interface TimeWindow {
  startUs: number;
  endUs: number;
}

export interface SelfTime {
  /** `function (file:line)`, with the file relative to the repository. */
  frame: string;
  /** Share of all samples, 0..1. */
  share: number;
  ms: number;
}

/** Self time summed by the name `nameOf` gives each profile node, busiest first. */
function selfTimeBy(
  profile: CpuProfile,
  nameOf: (callFrame: CpuProfile['nodes'][number]['callFrame']) => string,
  windows?: readonly TimeWindow[],
): SelfTime[] {
  const nameOfNode = new Map(profile.nodes.map((node) => [node.id, nameOf(node.callFrame)]));
  const microseconds = new Map<string, number>();
  let total = 0;
  let at = profile.startTime ?? 0;
  profile.samples.forEach((nodeId, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (windows !== undefined && !windows.some((w) => at >= w.startUs && at <= w.endUs)) return;
    const name = nameOfNode.get(nodeId) ?? '(unknown)';
    microseconds.set(name, (microseconds.get(name) ?? 0) + delta);
    total += delta;
  });
  return [...microseconds.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([frame, us]) => ({ frame, share: total === 0 ? 0 : us / total, ms: us / 1000 }));
}

/** The frames that spent the most time in themselves (not in what they called), busiest first. */
export function topSelfTime(
  profile: CpuProfile,
  root: string,
  count = 15,
  windows?: readonly TimeWindow[],
): SelfTime[] {
  return selfTimeBy(
    profile,
    ({ functionName, url, lineNumber }) => {
      const file = url.startsWith('file://') ? relative(root, url.slice('file://'.length)) : url;
      const where = file === '' ? '' : ` (${file}:${lineNumber + 1})`;
      return `${functionName || '(anonymous)'}${where}`;
    },
    windows,
  ).slice(0, count);
}

/**
 * Self time by where the code comes from: each npm package (`mongodb`, `bson`), Node's own modules
 * (`node:`), each workspace of the repository (`packages/common`), and V8's pseudo-frames
 * (`(garbage collector)`, `(idle)`), busiest first, as shares of the samples. Given `windows`,
 * only the samples taken inside them count, so that start-up and warm-up do not blur the
 * figures of the load.
 */
export function selfTimeByOrigin(
  profile: CpuProfile,
  root: string,
  windows?: readonly TimeWindow[],
): SelfTime[] {
  return selfTimeBy(
    profile,
    ({ url, functionName }) => {
      if (url === '') return `(${functionName.replace(/^\(|\)$/g, '') || 'native'})`;
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
      if (pkg) return pkg[1] ?? url;
      if (url.startsWith('node:')) return 'node:';
      const own = url.startsWith(`file://${root}/`)
        ? url.slice(`file://${root}/`.length)
        : undefined;
      // The repository's own code by workspace: `packages/common`, `services/books`, `tools/bench`.
      return own === undefined ? url : own.split('/').slice(0, 2).join('/');
    },
    windows,
  );
}

/** The first .cpuprofile of a directory (a process that exited there), if any. */
export function firstProfileIn(dir: string): CpuProfile | undefined {
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  return file === undefined
    ? undefined
    : (JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile);
}

/**
 * CPU per unit of work by origin: the busy samples (idle left out) share out `cpuUsPerUnit`, the
 * CPU measured per request or operation.
 */
export function microsecondsByOrigin(
  origins: readonly SelfTime[],
  cpuUsPerUnit: number,
): { origin: string; us: number }[] {
  const busy = origins.filter((origin) => origin.frame !== '(idle)');
  const busyShare = busy.reduce((sum, origin) => sum + origin.share, 0);
  return busy.map((origin) => ({
    origin: origin.frame,
    us: busyShare === 0 ? 0 : (origin.share / busyShare) * cpuUsPerUnit,
  }));
}
