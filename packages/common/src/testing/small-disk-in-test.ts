import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestContext } from 'vitest';
import { cleanUpInOrder, type CleanUpStep } from './clean-up.js';
import { mountSmallDisk, writeFiller, type SmallDisk } from './small-disk.js';

/** What a step of the clean-up may take before the next runs anyway: all in a hook's 30 s. */
const CLEAN_UP_STEP_MS = 5_000;

export interface SmallDiskInTest extends SmallDisk {
  /** Writes the file `name` until the disk is full, or `bytes` of it. */
  fill(name: string, bytes?: number): void;
  /** Removes every file `fill` wrote, so the disk has room again. */
  free(): void;
  /** Something running on the disk, stopped when the test ends: the last one given first. */
  uses(what: string, stop: CleanUpStep): void;
}

/**
 * A small disk of its own (`mountSmallDisk`) for the test `context`, cleaned up when the test
 * ends however it ended: the fill removed first (a server on a full disk cannot stop), then
 * what runs on it stopped, then the disk unmounted, each step also when an earlier one failed or
 * hung.
 */
export async function useSmallDisk(
  context: TestContext,
  megabytes: number,
): Promise<SmallDiskInTest> {
  const disk = await mountSmallDisk(megabytes);
  const fills = new Set<string>();
  const users: Array<[string, CleanUpStep]> = [];
  const free = (): void => {
    for (const file of fills) rmSync(file, { force: true });
    fills.clear();
  };
  context.onTestFinished(() =>
    cleanUpInOrder(
      [['free the disk', free], ...users.reverse(), ['unmount the disk', () => disk.unmount()]],
      CLEAN_UP_STEP_MS,
    ),
  );
  return {
    ...disk,
    fill(name, bytes) {
      const file = join(disk.dir, name);
      fills.add(file);
      writeFiller(file, bytes);
    },
    free,
    uses(what, stop) {
      users.push([what, stop]);
    },
  };
}
