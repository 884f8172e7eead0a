/**
 * actionlint over every workflow in .github/workflows (run by .ci/run): exit 1 naming each
 * finding, and also when there is no workflow at all, so an emptied folder does not pass.
 */
import { describeProblem, lintWorkflow, readWorkflow, workflowFiles } from './actionlint.js';

async function main(): Promise<number> {
  const files = await workflowFiles();
  if (files.length === 0) {
    process.stderr.write('[actionlint] no workflow found in .github/workflows\n');
    return 1;
  }
  const problems = (
    await Promise.all(
      files.map(async (name) =>
        lintWorkflow(await readWorkflow(name), `.github/workflows/${name}`),
      ),
    )
  ).flat();
  for (const problem of problems)
    process.stderr.write(`[actionlint] ${describeProblem(problem)}\n`);
  if (problems.length > 0) return 1;
  process.stdout.write(`[actionlint] ${files.length} workflows, no problem: ${files.join(', ')}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `[actionlint] ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
