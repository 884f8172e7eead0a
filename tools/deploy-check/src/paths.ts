import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, from src/ under tsx and from dist/ once compiled. */
export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export const K8S_DIR = join(ROOT, 'deploy/k8s');
export const OVERLAYS_DIR = join(K8S_DIR, 'overlays');
/** The committed output of `kubectl kustomize` for each environment, which the policy test reads. */
export const RENDERED_DIR = join(K8S_DIR, 'rendered');
export const WORKFLOWS_DIR = join(ROOT, '.github/workflows');

/** The environments: the folders right under deploy/k8s/overlays. */
export const ENVIRONMENTS = ['dev', 'prod'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export function renderedFile(environment: Environment): string {
  return join(RENDERED_DIR, `${environment}.yaml`);
}
