import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './paths.js';

interface LockEntry {
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

interface Lock {
  packages: Record<string, LockEntry>;
}

export function readLock(): Lock {
  return JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as Lock;
}

/** Where Node.js finds `name` from the package at `from` (a lock key), as npm laid it out. */
function resolveIn(lock: Lock, from: string, name: string): string | undefined {
  for (let dir = from; ;) {
    const candidate = dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`;
    if (lock.packages[candidate] !== undefined) return candidate;
    if (dir === '') return undefined;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut === -1 ? '' : dir.slice(0, cut);
  }
}

/** The packages a package needs at run time: dependencies and required peers, not optional ones. */
function runtimeNeeds(entry: LockEntry): string[] {
  const peers = Object.keys(entry.peerDependencies ?? {}).filter(
    (name) => entry.peerDependenciesMeta?.[name]?.optional !== true,
  );
  return [...Object.keys(entry.dependencies ?? {}), ...peers];
}

/**
 * The top-level names of node_modules that `npm ci --omit=dev --omit=optional` installs for one
 * workspace: every lock path its production dependencies reach, followed through workspace links,
 * kept where it sits at the top of node_modules.
 */
export function expectedTopLevel(lock: Lock, workspaceDir: string): Set<string> {
  const reached = new Set<string>();
  // npm links every kept workspace at the top of node_modules, this one included.
  const ownLinks = Object.entries(lock.packages)
    .filter(([, entry]) => entry.link === true && entry.resolved === workspaceDir)
    .map(([path]) => path);
  const queue = [workspaceDir, ...ownLinks];
  while (queue.length > 0) {
    const path = queue.shift() ?? '';
    if (reached.has(path)) continue;
    reached.add(path);
    const entry = lock.packages[path];
    if (entry === undefined) continue;
    if (entry.link === true && entry.resolved !== undefined) {
      queue.push(entry.resolved);
      continue;
    }
    for (const name of runtimeNeeds(entry)) {
      const found = resolveIn(lock, path, name);
      if (found !== undefined) queue.push(found);
    }
  }
  return new Set(
    [...reached]
      .filter((path) => /^node_modules\/(?:@[^/]+\/)?[^/]+$/.test(path))
      .map((path) => path.slice('node_modules/'.length)),
  );
}
