import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SERVICES } from '../src/services.js';

// The files outside a service's folder that must name it (npm run new:service writes them all);
// compose, the manifests and the workflows are checked by their own tests.

const root = new URL('../../../', import.meta.url);

function read(path: string): string {
  return readFileSync(new URL(path, root), 'utf8');
}

function references(path: string): string[] {
  const config = JSON.parse(read(path)) as { references?: { path: string }[] };
  return (config.references ?? []).map((reference) => reference.path);
}

function composeServices(path: string): string[] {
  return Object.keys((parse(read(path)) as { services?: object }).services ?? {});
}

describe.each(SERVICES.map((service) => [service.name, service] as const))(
  'services/registry.json: %s',
  (name, service) => {
    it('when the repository is type-checked or built, then tsconfig.json and tsconfig.build.json reference it', () => {
      expect(references('tsconfig.json'), 'tsconfig.json').toEqual(
        expect.arrayContaining([service.dir, `${service.dir}/test`]),
      );
      expect(references('tsconfig.build.json'), 'tsconfig.build.json').toContain(service.dir);
    });

    it('when the observability profile runs, then Prometheus scrapes it on its port', () => {
      expect(read('deploy/observability/prometheus.yml')).toContain(
        `- ${name}:${service.launcherPort}\n`,
      );
    });

    it('when npm run compose:up builds the images, then its image has a name of its own, and a MongoDB service gets the check generous database deadlines', () => {
      expect(composeServices('tools/compose/compose.images.yml')).toContain(name);
      expect(composeServices('tools/compose/compose.check.yml').includes(name)).toBe(
        service.usesMongo,
      );
    });

    it("when a reader looks for it, then the root README's services table has its row", () => {
      expect(read('README.md')).toMatch(
        new RegExp(`^\\| ${name} +\\|.*\\(services/${name}/README\\.md\\) *\\|$`, 'm'),
      );
    });

    it('when it asks for a secret, then .env.example names it', () => {
      for (const { variable } of service.secrets)
        expect(read('.env.example')).toMatch(new RegExp(`^${variable}=`, 'm'));
    });
  },
);
