import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Orders test files so that the longest ones start first, so that no long file is left running
 * alone at the end. `npm test` is one project; a run of several per-package projects keeps each
 * project's files together, since a worker is reused only for the next file of the same project:
 * projects go by their longest file, longest first, and within a project the longest file goes
 * first. A file's length is its
 * duration in the last run (vitest's results cache); a file never run counts as the longest.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const duration = (file: TestSpecification): number => this.#lastDuration(file);
    const longestOf = new Map<string, number>();
    for (const file of files) {
      const name = file.project.name;
      longestOf.set(name, Math.max(longestOf.get(name) ?? 0, duration(file)));
    }
    const projectLength = (file: TestSpecification): number =>
      longestOf.get(file.project.name) ?? 0;
    return Promise.resolve(
      [...files].sort(
        (a, b) =>
          projectLength(b) - projectLength(a) ||
          a.project.name.localeCompare(b.project.name) ||
          duration(b) - duration(a),
      ),
    );
  }

  /** The file's duration in the last run, in ms; infinite when it has none yet. */
  #lastDuration(file: TestSpecification): number {
    const key = `${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`;
    return this.ctx.cache.getFileTestResults(key)?.duration ?? Number.POSITIVE_INFINITY;
  }
}
