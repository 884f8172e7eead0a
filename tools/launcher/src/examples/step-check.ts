import type { ExampleStep } from './example-steps.js';
import { parseExpectation, responseProblems, textMatches } from './expectation.js';
import type { StepOutcome } from './shell-session.js';

/**
 * How a step's outcome differs from its page: it must exit 0; each request needs a `# →` of its
 * own, which its response must match; a `console` command must print the lines shown below it.
 */
export function stepProblems(step: ExampleStep, outcome: StepOutcome): string[] {
  const problems: string[] = [];
  if (outcome.exitCode !== 0) {
    problems.push(`exited with ${outcome.exitCode}: ${outcome.stderr.trim().slice(0, 600)}`);
  }
  if (step.printed !== undefined) {
    const printed = step.printed.join('\n').trimEnd();
    const actual = outcome.stdout.trimEnd();
    if (!textMatches(printed, actual)) {
      problems.push(`printed:\n${actual}\nthe page shows:\n${printed}`);
    }
    return problems;
  }
  const { responses } = outcome;
  if (step.shown.length === 0) {
    if (responses.length > 0) problems.push('a request without `# →`: show what it answers');
    return problems;
  }
  if (responses.length > 1) {
    problems.push(`${responses.length} requests before one \`# →\`: give each its own`);
  }
  const expected = parseExpectation(step.shown);
  const last = responses.at(-1);
  if (last) return [...problems, ...responseProblems(expected, last)];
  if (expected.status !== undefined || expected.headers.size > 0) {
    problems.push('a status or header is shown, but the step sent no request');
  }
  if (
    expected.body !== undefined &&
    !textMatches(expected.body, outcome.stdout.replace(/\n$/, ''))
  ) {
    problems.push(`printed ${JSON.stringify(outcome.stdout)}, the page shows ${expected.body}`);
  }
  return problems;
}
