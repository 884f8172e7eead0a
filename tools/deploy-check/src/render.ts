/**
 * The manifests check of .ci/run (and, with --write, the way to refresh the committed renders):
 * every kustomization under deploy/k8s/overlays renders with `kubectl kustomize`, every object it
 * renders validates against the Kubernetes OpenAPI schema of its kind and has no field its kind
 * lacks, each service's folder
 * renders exactly the objects its environment holds, and deploy/k8s/rendered/ holds exactly what
 * the environments render now.
 *   node dist/render.js            check (exit 1 naming every problem)
 *   node dist/render.js --write    write deploy/k8s/rendered/<env>.yaml, then check
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { kustomize } from './kubectl.js';
import { parseManifests, type KubeObject } from './manifests.js';
import { compareRenders, findOverlays, fromRoot, missingFrom } from './overlays.js';
import { ENVIRONMENTS, OVERLAYS_DIR, RENDERED_DIR, renderedFile } from './paths.js';
import { readRendered, renderedHeader } from './rendered.js';
import { unknownFieldProblems } from './strict-fields.js';
import { validateObjects } from './validate.js';

function say(message: string): void {
  process.stdout.write(`[deploy-check] ${message}\n`);
}

async function main(): Promise<number> {
  const write = process.argv.includes('--write');
  const problems: string[] = [];
  const renders = new Map<string, KubeObject[]>();
  let objectCount = 0;

  for (const dir of await findOverlays()) {
    const text = await kustomize(dir);
    const objects = parseManifests(text, fromRoot(dir));
    renders.set(dir, objects);
    objectCount += objects.length;
    problems.push(
      ...(await validateObjects(objects)).map((problem) => `${fromRoot(dir)}: ${problem}`),
    );
    const environment = ENVIRONMENTS.find((name) => join(OVERLAYS_DIR, name) === dir);
    if (write && environment !== undefined) {
      await mkdir(RENDERED_DIR, { recursive: true });
      await writeFile(renderedFile(environment), renderedHeader(environment) + text);
      say(`wrote ${fromRoot(renderedFile(environment))}`);
    }
  }

  for (const environment of ENVIRONMENTS) {
    const envDir = join(OVERLAYS_DIR, environment);
    const whole = renders.get(envDir);
    if (whole === undefined) {
      problems.push(`${fromRoot(envDir)}: no kustomization.yaml`);
      continue;
    }
    for (const [dir, objects] of renders) {
      if (dir.startsWith(`${envDir}/`)) {
        problems.push(
          ...missingFrom(objects, whole).map((problem) => `${fromRoot(dir)}: ${problem}`),
        );
      }
    }
    // Once per environment (it type-checks every object); each folder's objects equal these.
    problems.push(
      ...unknownFieldProblems(whole).map((problem) => `${fromRoot(envDir)}: ${problem}`),
    );
    const committed = await readRendered(environment).catch((error: unknown) => {
      problems.push(`${fromRoot(renderedFile(environment))}: ${String(error)}`);
      return undefined;
    });
    if (committed === undefined) continue;
    const stale = compareRenders(whole, committed);
    if (stale.length > 0) {
      problems.push(
        `${fromRoot(renderedFile(environment))} is not what ${fromRoot(envDir)} renders now ` +
          `(${stale.join('; ')}): run \`npm run render -w @repo/deploy-check\` and commit it`,
      );
    }
  }

  if (problems.length > 0) {
    for (const problem of problems) process.stderr.write(`[deploy-check] ${problem}\n`);
    return 1;
  }
  say(
    `${renders.size} kustomizations render (${[...renders.keys()].map((dir) => relative(OVERLAYS_DIR, dir)).join(', ')}), ` +
      `${objectCount} objects validate against the Kubernetes schemas with no unknown field, ` +
      `deploy/k8s/rendered/ is up to date`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `[deploy-check] ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
