import { fileURLToPath } from 'node:url';
import type { ExampleStep } from './example-steps.js';
import { startFreshLauncher } from './fresh-launcher.js';
import { allPages, planPage, readRepositoryFacts } from './page-plan.js';
import { ShellSession } from './shell-session.js';
import { stepProblems } from './step-check.js';

// `npm run test:examples [page ...]`: every command block of the READMEs and docs/ against a fresh
// `npm start` per page (docs/testing.md, "The examples"). Exit code 1 on any problem.

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const STEP_TIMEOUT_MS = 30_000;

async function runSteps(page: string, steps: readonly ExampleStep[]): Promise<string[]> {
  const problems: string[] = [];
  const launcher = await startFreshLauncher(root);
  let shell: ShellSession | undefined;
  try {
    shell = await ShellSession.open(root);
    for (const step of steps) {
      try {
        const outcome = await shell.run(step.script, STEP_TIMEOUT_MS);
        for (const problem of stepProblems(step, outcome)) {
          problems.push(`${page}:${step.line}: ${problem}`);
        }
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

const facts = await readRepositoryFacts(root);
const pages = process.argv.length > 2 ? process.argv.slice(2) : await allPages(root);
const problems: string[] = [];
for (const page of pages) {
  const plan = await planPage(page, facts);
  const ran =
    plan.steps.length > 0
      ? await runSteps(page, plan.steps).catch((error: unknown) => [`${page}: ${String(error)}`])
      : [];
  problems.push(...plan.problems, ...ran);
  const tally =
    [...plan.tally].map(([kind, count]) => `${count} ${kind}`).join(', ') || 'no blocks';
  const failed = plan.problems.length + ran.length;
  process.stdout.write(
    `${failed ? 'FAIL' : 'ok  '} ${page}: ${tally}; ${plan.steps.length} steps\n`,
  );
}
for (const problem of problems) process.stdout.write(`\n${problem}\n`);
process.exitCode = problems.length > 0 ? 1 : 0;
