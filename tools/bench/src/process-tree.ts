import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** One process of a tree, with what it holds in memory now. */
export interface TreeProcess {
  pid: number;
  command: string;
  /** Its working directory (which service it is, for processes started in the service's folder). */
  cwd: string;
  /** Resident set size: every page it maps that is in memory, shared ones counted in full. */
  rssBytes: number;
  /** Proportional set size: shared pages divided among the processes sharing them. */
  pssBytes: number;
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The parent pid is the second field after the command name, which may hold spaces.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

function kibField(text: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(text);
  return match?.[1] === undefined ? 0 : Number(match[1]) * 1024;
}

function describe(pid: number): TreeProcess | undefined {
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    const rssBytes = kibField(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmRSS');
    const pssBytes = kibField(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'), 'Pss');
    return { pid, command, cwd: readlinkSync(`/proc/${pid}/cwd`), rssBytes, pssBytes };
  } catch {
    return undefined;
  }
}

/** The process and all its descendants (Linux /proc), each with its RSS and PSS now. */
export function processTree(root: number): TreeProcess[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const parent = parentOf(pid);
    if (parent === undefined) continue;
    children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const tree: TreeProcess[] = [];
  const pending = [root];
  for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
    const described = describe(pid);
    if (described !== undefined) tree.push(described);
    pending.push(...(children.get(pid) ?? []));
  }
  return tree;
}
