import { readdir } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describeObject, type KubeObject } from './manifests.js';
import { OVERLAYS_DIR, ROOT } from './paths.js';

/** Every kustomization under deploy/k8s/overlays: each environment and each folder in it. */
export async function findOverlays(): Promise<string[]> {
  const entries = await readdir(OVERLAYS_DIR, { recursive: true });
  return entries
    .filter((entry) => entry === 'kustomization.yaml' || entry.endsWith('/kustomization.yaml'))
    .map((entry) => join(OVERLAYS_DIR, dirname(entry)))
    .sort();
}

/** A path as the messages show it, from the repository root. */
export function fromRoot(path: string): string {
  return relative(ROOT, path) || '.';
}

function byIdentity(objects: readonly KubeObject[]): Map<string, KubeObject> {
  return new Map(objects.map((object) => [describeObject(object), object]));
}

/**
 * How two renders differ, object by object: missing, unexpected or changed objects. Compared as
 * data, not text, so a kubectl that orders or quotes its YAML differently still agrees.
 */
export function compareRenders(
  expected: readonly KubeObject[],
  actual: readonly KubeObject[],
): string[] {
  const expectedById = byIdentity(expected);
  const actualById = byIdentity(actual);
  const problems: string[] = [];
  for (const [id, object] of expectedById) {
    const other = actualById.get(id);
    if (other === undefined) problems.push(`${id} is missing`);
    else if (!isDeepStrictEqual(object, other)) problems.push(`${id} differs`);
  }
  for (const id of actualById.keys()) {
    if (!expectedById.has(id)) problems.push(`${id} is not expected`);
  }
  return problems;
}

/** The objects of `part` that its environment's render does not hold exactly as they are. */
export function missingFrom(part: readonly KubeObject[], whole: readonly KubeObject[]): string[] {
  const wholeById = byIdentity(whole);
  return part
    .filter((object) => !isDeepStrictEqual(wholeById.get(describeObject(object)), object))
    .map((object) => `${describeObject(object)} is not in its environment's render as it is`);
}
