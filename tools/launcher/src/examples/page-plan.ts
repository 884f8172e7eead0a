import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { planBlock, type BlockPlan } from './block-plan.js';
import { ciSteps } from './ci-steps.js';
import { consoleSteps, shellSteps, type ExampleStep } from './example-steps.js';
import { extractCodeBlocks } from './markdown-blocks.js';
import { missingScripts, type ScriptsByPackage } from './named-scripts.js';

const WORKSPACE_FOLDERS = ['packages', 'services', 'tools'];

/** What the repository tells the runner: the steps of `.ci/run` and every package's scripts. */
export interface RepositoryFacts {
  root: string;
  ciSteps: ReadonlySet<string>;
  scripts: ScriptsByPackage;
}

/** One page, read: the steps to run, what was found wrong without running, and a tally by kind. */
export interface PagePlan {
  page: string;
  steps: ExampleStep[];
  problems: string[];
  tally: ReadonlyMap<string, number>;
}

async function folders(root: string, parent: string): Promise<string[]> {
  const entries = await readdir(join(root, parent), { withFileTypes: true });
  return entries.filter((entry) => entry.isDirectory()).map((entry) => `${parent}/${entry.name}`);
}

async function workspaceFolders(root: string): Promise<string[]> {
  return (await Promise.all(WORKSPACE_FOLDERS.map((parent) => folders(root, parent))))
    .flat()
    .sort();
}

async function readIfPresent(path: string): Promise<string | undefined> {
  return readFile(path, 'utf8').catch(() => undefined);
}

/** The root README, every package's README and every page of docs/, in that order. */
export async function allPages(root: string): Promise<string[]> {
  const readmes = (await workspaceFolders(root)).map((dir) => `${dir}/README.md`);
  const docs = (await readdir(join(root, 'docs'))).filter((name) => name.endsWith('.md')).sort();
  const candidates = ['README.md', ...readmes, ...docs.map((name) => `docs/${name}`)];
  const present = await Promise.all(candidates.map((page) => readIfPresent(join(root, page))));
  return candidates.filter((_, index) => present[index] !== undefined);
}

function scriptNames(manifest: string): { name: string; scripts: Set<string> } {
  const parsed = JSON.parse(manifest) as { name: string; scripts?: object };
  return { name: parsed.name, scripts: new Set(Object.keys(parsed.scripts ?? {})) };
}

export async function readRepositoryFacts(root: string): Promise<RepositoryFacts> {
  const scripts = new Map<string, ReadonlySet<string>>();
  scripts.set('', scriptNames(await readFile(join(root, 'package.json'), 'utf8')).scripts);
  for (const dir of await workspaceFolders(root)) {
    const manifest = await readIfPresent(join(root, dir, 'package.json'));
    if (manifest === undefined) continue;
    const { name, scripts: names } = scriptNames(manifest);
    scripts.set(name, names);
  }
  const ci = ciSteps(await readFile(join(root, '.ci/run'), 'utf8'));
  return { root, ciSteps: ci, scripts };
}

function describePlan(plan: BlockPlan): string {
  return plan.kind === 'checked-by' ? `checked by ${plan.check}` : plan.kind;
}

/** Reads `page`'s blocks: the steps of those that run, and every refusal and missing name. */
export async function planPage(page: string, facts: RepositoryFacts): Promise<PagePlan> {
  const markdown = await readFile(join(facts.root, page), 'utf8');
  const result = { page, steps: [] as ExampleStep[], problems: [] as string[] };
  const tally = new Map<string, number>();
  for (const block of extractCodeBlocks(markdown)) {
    const plan = planBlock(block, facts.ciSteps);
    const where = `${page}:${block.line}`;
    tally.set(describePlan(plan), (tally.get(describePlan(plan)) ?? 0) + 1);
    if (plan.kind === 'refused') result.problems.push(`${where}: ${plan.reason}`);
    if (plan.kind === 'checked-by') {
      for (const problem of missingScripts(block.lines.join('\n'), facts.scripts)) {
        result.problems.push(`${where}: ${problem}`);
      }
    }
    if (plan.kind === 'run') {
      try {
        const parse = plan.console ? consoleSteps : shellSteps;
        result.steps.push(...parse(block.lines, block.line + 1));
      } catch (error) {
        result.problems.push(`${where}: ${(error as Error).message}`);
      }
    }
  }
  return { ...result, tally };
}
