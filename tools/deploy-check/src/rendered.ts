import { readFile } from 'node:fs/promises';
import { parseManifests, type KubeObject } from './manifests.js';
import { renderedFile, type Environment } from './paths.js';

/** The first lines of each committed render. */
export function renderedHeader(environment: Environment): string {
  return [
    `# kubectl kustomize deploy/k8s/overlays/${environment}, committed so that the policy tests in`,
    '# `npm test` read it without kubectl. Do not edit: `npm run render -w @repo/deploy-check`',
    '# writes it again, and .ci/run fails while it differs from what the overlays render.',
    '',
  ].join('\n');
}

/** The committed render of an environment, as objects. */
export async function readRendered(environment: Environment): Promise<KubeObject[]> {
  const file = renderedFile(environment);
  return parseManifests(await readFile(file, 'utf8'), file);
}
