import { statfsSync } from 'node:fs';

/** Free bytes on the file system holding `dir`, or undefined when it cannot be asked. */
export function freeBytes(dir: string): number | undefined {
  try {
    const stats = statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return undefined;
  }
}
