import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { planBlock, type BlockPlan } from './block-plan.js';
import { ciSteps } from './ci-steps.js';
import { consoleSteps, shellSteps, type ExampleStep } from './example-steps.js';
import { startFreshLauncher } from './fresh-launcher.js';
import { extractCodeBlocks } from './markdown-blocks.js';
import { missingScripts, type ScriptsByPackage } from './named-scripts.js';
import { ShellSession } from './shell-session.js';
import { stepProblems } from './step-check.js';

// `npm run test:examples [page ...]`: every command block of the READMEs and docs/ against a fresh
// `npm start` per page (docs/testing.md, "The examples"). Exit code 1 on any problem.

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const STEP_TIMEOUT_MS = 30_000;
const WORKSPACE_FOLDERS = ['packages', 'services', 'tools'];

async function folders(parent: string): Promise<string[]> {
  const entries = await readdir(join(root, parent), { withFileTypes: true });
  return entries.filter((entry) => entry.isDirectory()).map((entry) => `${parent}/${entry.name}`);
}

async function exists(path: string): Promise<boolean> {
  return readFile(join(root, path)).then(
    () => true,
    () => false,
  );
}

/** The root README, every package's README and every page of docs/. */
async function allPages(): Promise<string[]> {
  const readmes = (await Promise.all(WORKSPACE_FOLDERS.map(folders)))
    .flat()
    .map((dir) => `${dir}/README.md`);
  const docs = (await readdir(join(root, 'docs'))).filter((name) => name.endsWith('.md'));
  const candidates = ['README.md', ...readmes.sort(), ...docs.sort().map((name) => `docs/${name}`)];
  const present = await Promise.all(candidates.map(exists));
  return candidates.filter((_, index) => present[index]);
}

async function scriptsOf(path: string): Promise<Set<string>> {
  const manifest = JSON.parse(await readFile(join(root, path), 'utf8')) as { scripts?: object };
  return new Set(Object.keys(manifest.scripts ?? {}));
}

async function allScripts(): Promise<ScriptsByPackage> {
  const scripts = new Map<string, ReadonlySet<string>>([['', await scriptsOf('package.json')]]);
  for (const dir of (await Promise.all(WORKSPACE_FOLDERS.map(folders))).flat()) {
    if (!(await exists(`${dir}/package.json`))) continue;
    const manifest = JSON.parse(await readFile(join(root, dir, 'package.json'), 'utf8')) as {
      name: string;
    };
    scripts.set(manifest.name, await scriptsOf(`${dir}/package.json`));
  }
  return scripts;
}

interface PageWork {
  problems: string[];
  steps: ExampleStep[];
  tally: Map<string, number>;
}

function describePlan(plan: BlockPlan): string {
  return plan.kind === 'checked-by' ? `checked by ${plan.check}` : plan.kind;
}

function planPage(
  page: string,
  markdown: string,
  steps: ReadonlySet<string>,
  scripts: ScriptsByPackage,
): PageWork {
  const work: PageWork = { problems: [], steps: [], tally: new Map() };
  for (const block of extractCodeBlocks(markdown)) {
    const plan = planBlock(block, steps);
    const where = `${page}:${block.line}`;
    work.tally.set(describePlan(plan), (work.tally.get(describePlan(plan)) ?? 0) + 1);
    if (plan.kind === 'refused') work.problems.push(`${where}: ${plan.reason}`);
    if (plan.kind === 'checked-by') {
      for (const problem of missingScripts(block.lines.join('\n'), scripts)) {
        work.problems.push(`${where}: ${problem}`);
      }
    }
    if (plan.kind === 'run') {
      try {
        const parse = plan.console ? consoleSteps : shellSteps;
        work.steps.push(...parse(block.lines, block.line + 1));
      } catch (error) {
        work.problems.push(`${where}: ${(error as Error).message}`);
      }
    }
  }
  return work;
}

async function runSteps(page: string, steps: readonly ExampleStep[]): Promise<string[]> {
  const problems: string[] = [];
  const launcher = await startFreshLauncher(root);
  let shell: ShellSession | undefined;
  try {
    shell = await ShellSession.open(root);
    for (const step of steps) {
      try {
        const outcome = await shell.run(step.script, STEP_TIMEOUT_MS);
        for (const problem of stepProblems(step, outcome))
          problems.push(`${page}:${step.line}: ${problem}`);
      } catch (error) {
        // A step that never finished leaves the shell busy: the page's later steps cannot run.
        problems.push(
          `${page}:${step.line}: ${(error as Error).message}; the page's later steps not run`,
        );
        break;
      }
    }
  } finally {
    await shell?.close();
    await launcher.stop();
  }
  return problems;
}

const ciScript = await readFile(join(root, '.ci/run'), 'utf8');
const steps = ciSteps(ciScript);
const scripts = await allScripts();
const pages = process.argv.length > 2 ? process.argv.slice(2) : await allPages();
const problems: string[] = [];
for (const page of pages) {
  const work = planPage(page, await readFile(join(root, page), 'utf8'), steps, scripts);
  const ran =
    work.steps.length > 0
      ? await runSteps(page, work.steps).catch((error: unknown) => [`${page}: ${String(error)}`])
      : [];
  problems.push(...work.problems, ...ran);
  const tally =
    [...work.tally].map(([kind, count]) => `${count} ${kind}`).join(', ') || 'no blocks';
  const failed = work.problems.length + ran.length;
  process.stdout.write(
    `${failed ? 'FAIL' : 'ok  '} ${page}: ${tally}; ${work.steps.length} steps run\n`,
  );
}
for (const problem of problems) process.stdout.write(`\n${problem}\n`);
process.exitCode = problems.length > 0 ? 1 : 0;
