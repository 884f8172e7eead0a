import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { lintWorkflow, readWorkflow, workflowFiles } from '../src/actionlint.js';
import { SERVICES } from './support.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value at a path of a parsed workflow, or undefined when any step of the path is missing. */
function at(value: unknown, ...path: (string | number)[]): unknown {
  return path.reduce<unknown>(
    (current, key) =>
      Array.isArray(current) && typeof key === 'number'
        ? current[key]
        : isRecord(current)
          ? current[String(key)]
          : undefined,
    value,
  );
}

async function workflow(name: string): Promise<unknown> {
  return parse(await readWorkflow(name));
}

function stepsOf(job: unknown): Record<string, unknown>[] {
  const steps = at(job, 'steps');
  return Array.isArray(steps) ? steps.filter(isRecord) : [];
}

describe('actionlint', () => {
  it('when a workflow uses an undefined matrix value and a bad runner label, then both are reported', async () => {
    const problems = await lintWorkflow(
      [
        'on: push',
        'jobs:',
        '  test:',
        '    runs-on: ubuntu-lastest',
        '    steps:',
        '      - run: echo "${{ matrix.node }}"',
      ].join('\n'),
      'broken.yml',
    );
    expect(problems.map((problem) => problem.kind).sort()).toEqual(['expression', 'runner-label']);
  });
});

describe('.github/workflows', () => {
  it('when an action from another repository is used, then it is pinned to a full commit with its version in a comment', async () => {
    const uses: string[] = [];
    for (const name of await workflowFiles()) {
      for (const line of (await readWorkflow(name)).split('\n')) {
        const match = /^\s*(?:-\s+)?uses:\s*(\S+)(\s.*)?$/.exec(line);
        if (match?.[1] !== undefined && !match[1].startsWith('./')) {
          uses.push(`${name}: ${match[1]}${match[2] ?? ''}`);
        }
      }
    }
    expect(uses.length).toBeGreaterThan(0);
    for (const entry of uses) {
      expect(entry).toMatch(/^[\w.-]+: [\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    }
  });

  it.each(SERVICES.map((spec) => [spec.name, spec] as const))(
    'when %s, the shared library or the root tooling changes, then its own CI runs, and only then',
    async (name, spec) => {
      const parsed = await workflow(`${name}.yml`);
      for (const event of ['push', 'pull_request']) {
        const paths = at(parsed, 'on', event, 'paths');
        expect(Array.isArray(paths), `${name}.yml on.${event}.paths`).toBe(true);
        const list = Array.isArray(paths) ? paths : [];
        expect(list).toEqual(expect.arrayContaining([`services/${name}/**`, 'packages/common/**']));
        expect(list.includes('packages/embedded-mongo/**')).toBe(spec.usesMongo);
        const others = SERVICES.filter((other) => other.name !== name);
        for (const other of others) expect(list).not.toContain(`services/${other.name}/**`);
      }
      const jobs = at(parsed, 'jobs');
      expect(isRecord(jobs) ? Object.values(jobs) : []).toEqual([
        { uses: './.github/workflows/service-ci.yml', with: { service: name } },
      ]);
    },
  );

  it('when a service workflow calls the shared job, then it lints, typechecks and tests that service', async () => {
    const steps = stepsOf(at(await workflow('service-ci.yml'), 'jobs', 'check'));
    const commands = steps.map((step) => step['run']).filter((run) => typeof run === 'string');
    expect(commands).toEqual([
      'npm ci',
      'npx eslint "services/$SERVICE" && npx prettier --check "services/$SERVICE"',
      'npx tsc -b "services/$SERVICE" "services/$SERVICE/test"',
      'npx vitest run --project "$SERVICE"',
    ]);
  });

  it('when the whole suite runs on MongoDB, then it is MongoDB 8 in a service container and MONGODB_URI names it', async () => {
    const job = at(await workflow('mongodb.yml'), 'jobs', 'standalone');
    expect(at(job, 'services', 'mongo', 'image')).toBe('mongo:8');
    expect(at(job, 'env', 'MONGODB_URI')).toMatch(/^mongodb:\/\/localhost:27017\//);
    expect(stepsOf(job).map((step) => step['run'])).toContain('npm test');
  });

  it('when the whole suite runs on a replica set, then the URI asks for it with majority writes', async () => {
    const job = at(await workflow('mongodb.yml'), 'jobs', 'replica-set');
    expect(at(job, 'env', 'MONGODB_URI')).toBe(
      'mongodb://localhost:27017/?replicaSet=rs0&retryWrites=true&w=majority',
    );
    expect(stepsOf(job).map((step) => step['run'])).toContain('npm test');
  });

  it('when a release runs, then every service of the registry gets an image tagged by commit, with cache, SBOM and provenance', async () => {
    const parsed = await workflow('release.yml');
    expect(at(parsed, 'jobs', 'image', 'strategy', 'matrix', 'service')).toBe(
      '${{ fromJSON(needs.services.outputs.names) }}',
    );
    const build = stepsOf(at(parsed, 'jobs', 'image')).find((step) =>
      String(step['uses']).startsWith('docker/build-push-action@'),
    );
    expect(at(build, 'with')).toMatchObject({
      'build-args': 'SERVICE=${{ matrix.service }}',
      push: true,
      tags: '${{ steps.image.outputs.name }}:${{ needs.services.outputs.commit }}',
      provenance: 'mode=max',
      sbom: true,
      'cache-from': 'type=gha,scope=${{ matrix.service }}',
      'cache-to': 'type=gha,mode=max,scope=${{ matrix.service }}',
    });
  });
});
