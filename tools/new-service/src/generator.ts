import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import nodePlop, { type ActionType, type NodePlopAPI } from 'node-plop';
import { SERVICE_SCRIPTS, type ServiceSpec } from '@repo/launcher';
import {
  addKustomizeResource,
  addReferences,
  addScrapeTarget,
  addTableRow,
  appendBlock,
  appendToJsonList,
  insertServiceBlock,
} from './edits.js';
import type { NewServiceOptions } from './options.js';
import { registryEntry } from './registry-entry.js';

const TEMPLATES = fileURLToPath(new URL('../templates/', import.meta.url));
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** What the templates read: the options, and the database name (no dashes in a MongoDB name). */
export interface TemplateData extends NewServiceOptions {
  mongo: boolean;
  database: string;
  /** The run scripts every service carries, from the one place that says them. */
  scripts: typeof SERVICE_SCRIPTS;
}

export function templateData(options: NewServiceOptions): TemplateData {
  return {
    ...options,
    mongo: options.storage === 'mongo',
    database: options.name.replaceAll('-', '_'),
    scripts: SERVICE_SCRIPTS,
  };
}

/** A folder of templates written under `destination`, `.hbs` dropped from each name. */
function copyTemplates(from: string, destination: string): ActionType {
  return {
    type: 'addMany',
    base: `${TEMPLATES}${from}`,
    templateFiles: `${TEMPLATES}${from}/**/*.hbs`,
    destination,
    stripExtensions: ['hbs'],
    globOptions: { dot: true },
    abortOnFail: true,
  };
}

/** A file of the repository rewritten by `edit`, which receives its text. */
function editFile(path: string, edit: (text: string) => string): ActionType {
  return { type: 'modify', path, transform: (text: string) => edit(text), abortOnFail: true };
}

/** A command run at the repository's root, the generator stopping when it fails. */
function command(program: string, args: readonly string[]): ActionType {
  return () => {
    const run = spawnSync(program, args, { cwd: REPO_ROOT, stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`${program} ${args.join(' ')} exited with ${run.status}`);
    return `ran ${program} ${args.join(' ')}`;
  };
}

/**
 * Every file the new service needs: its package from the template, and each file outside it that
 * lists the services (the registry, the TypeScript references, compose, Prometheus, the
 * Kubernetes overlays, its workflow and the root README's table); then the lock file, its OpenAPI document, the rendered
 * manifests and Prettier over all of it.
 */
function actions(
  plop: NodePlopAPI,
  data: TemplateData,
  services: readonly ServiceSpec[],
): ActionType[] {
  const { name, port } = data;
  const dir = `services/${name}`;
  const render = (template: string) =>
    plop.renderString(readFileSync(`${TEMPLATES}${template}`, 'utf8'), data);
  const last = services.at(-1)?.name ?? '';
  const written = [
    dir,
    'README.md',
    'services/registry.json',
    'tsconfig.json',
    'tsconfig.build.json',
    'docker-compose.yml',
    'tools/compose',
    'deploy/observability/prometheus.yml',
    `deploy/k8s`,
    `.github/workflows/${name}.yml`,
  ];
  return [
    copyTemplates('service', dir),
    copyTemplates('deploy/base', `deploy/k8s/base/${name}`),
    copyTemplates('deploy/dev', `deploy/k8s/overlays/dev/${name}`),
    copyTemplates('deploy/prod', `deploy/k8s/overlays/prod/${name}`),
    ...(data.mongo ? [copyTemplates('deploy/prod-many', `deploy/k8s/overlays/prod/${name}`)] : []),
    {
      type: 'add',
      path: `.github/workflows/${name}.yml`,
      templateFile: `${TEMPLATES}workflow/workflow.yml.hbs`,
      abortOnFail: true,
    },
    editFile('services/registry.json', (text) => appendToJsonList(text, registryEntry(data))),
    editFile('tsconfig.json', (text) => addReferences(text, [dir, `${dir}/test`])),
    editFile('tsconfig.build.json', (text) => addReferences(text, [dir])),
    editFile('docker-compose.yml', (text) =>
      insertServiceBlock(text, last, render('compose/service.yml.hbs')),
    ),
    editFile('tools/compose/compose.images.yml', (text) =>
      appendBlock(text, render('compose/images.yml.hbs')),
    ),
    ...(data.mongo
      ? [
          editFile('tools/compose/compose.check.yml', (text) =>
            appendBlock(text, render('compose/check.yml.hbs')),
          ),
        ]
      : []),
    editFile('deploy/observability/prometheus.yml', (text) =>
      addScrapeTarget(
        text,
        services.map((service) => service.name),
        `${name}:${port}`,
      ),
    ),
    editFile('README.md', (text) =>
      addTableRow(text, '## Services', render('readme-row.md.hbs').trimEnd()),
    ),
    ...['dev', 'prod'].map((environment) =>
      editFile(`deploy/k8s/overlays/${environment}/kustomization.yaml`, (text) =>
        addKustomizeResource(text, name),
      ),
    ),
    // The workspace linked and package-lock.json updated, the document its code generates
    // written, Prettier's layout on every file written, the committed renders made again.
    command('npm', ['install', '--no-audit', '--no-fund']),
    command('npm', ['run', 'openapi', '--silent']),
    command('npx', ['prettier', '--write', '--log-level', 'warn', ...written]),
    command('npm', ['run', 'render', '--silent', '-w', '@repo/deploy-check']),
  ];
}

/**
 * node-plop reports a failed built-in action as `{ type, path, error }` but passes on what a
 * function action threw as it is, an Error included.
 */
function describeFailure(failure: unknown): string {
  if (failure instanceof Error) return failure.message;
  const { type, path, error } = (failure ?? {}) as Partial<
    Record<'type' | 'path' | 'error', string>
  >;
  return `${path || type || 'an action'}: ${error ?? String(failure)}`;
}

/** Writes the new service; returns the paths written, or throws naming the first failure. */
export async function generateService(
  options: NewServiceOptions,
  services: readonly ServiceSpec[],
): Promise<string[]> {
  const plop = await nodePlop('', { destBasePath: REPO_ROOT, force: false });
  const data = templateData(options);
  const generator = plop.setGenerator('service', {
    description: 'a new service from the template',
    prompts: [],
    actions: actions(plop, data, services),
  });
  const { changes, failures } = await generator.runActions(data);
  const [failure] = failures;
  if (failure !== undefined) throw new Error(describeFailure(failure));
  return changes.map((change) => change.path);
}
