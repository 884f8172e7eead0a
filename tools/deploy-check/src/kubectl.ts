import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export class KubectlError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'KubectlError';
  }
}

function isMissingProgram(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

function stderrOf(error: unknown): string {
  if (error instanceof Error && 'stderr' in error && typeof error.stderr === 'string') {
    return error.stderr.trim();
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * `kubectl kustomize <dir>`: kustomize as kubectl bundles it (kustomize v5 from kubectl 1.27 on),
 * so the render is the one `kubectl apply -k` applies.
 */
export async function kustomize(dir: string): Promise<string> {
  try {
    const { stdout } = await run('kubectl', ['kustomize', dir], { maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    if (isMissingProgram(error)) {
      throw new KubectlError(
        'kubectl was not found on PATH: install kubectl 1.30 or newer (it bundles kustomize v5), ' +
          'for example from the Kubernetes package repository, then run this again',
        { cause: error },
      );
    }
    throw new KubectlError(`kubectl kustomize ${dir} failed:\n${stderrOf(error)}`, {
      cause: error,
    });
  }
}
