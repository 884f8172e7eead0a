/** A piece of a command block the shell runs at once, with what the page shows it gives. */
export interface ExampleStep {
  /** The page line of the step's first line. */
  line: number;
  script: string;
  /** The texts after `# →`: what the step's request answers (see expectation.ts). */
  shown: string[];
  /** In a `console` block: the lines the page shows the command printing. */
  printed?: string[];
}

const SHOWN = /(?:^|\s)#\s*→\s?(.*)$/;

/**
 * A shell block's steps: each runs up to and including a line that ends in `# → <answer>`; a line
 * holding only `# → <more>` adds to the step before it. Lines after the last mark form a last step.
 */
export function shellSteps(lines: readonly string[], firstLine: number): ExampleStep[] {
  const steps: ExampleStep[] = [];
  let pending: string[] = [];
  let start = firstLine;
  lines.forEach((text, index) => {
    const shown = SHOWN.exec(text);
    const previous = steps.at(-1);
    if (shown && /^\s*#/.test(text) && pending.every((line) => line.trim() === '') && previous) {
      previous.shown.push(shown[1] ?? '');
      return;
    }
    if (pending.length === 0) start = firstLine + index;
    pending.push(text);
    if (shown) {
      steps.push({ line: start, script: pending.join('\n'), shown: [shown[1] ?? ''] });
      pending = [];
    }
  });
  if (pending.some((line) => line.trim() !== '' && !line.trim().startsWith('#'))) {
    steps.push({ line: start, script: pending.join('\n'), shown: [] });
  }
  return steps;
}

/** A `console` block's steps: `$ command` (continued by lines ending in `\`), then its output. */
export function consoleSteps(lines: readonly string[], firstLine: number): ExampleStep[] {
  const steps: ExampleStep[] = [];
  let current: (ExampleStep & { printed: string[] }) | undefined;
  let continued = false;
  lines.forEach((text, index) => {
    if (continued && current) {
      current.script += `\n${text}`;
    } else if (text.startsWith('$ ')) {
      current = { line: firstLine + index, script: text.slice(2), shown: [], printed: [] };
      steps.push(current);
    } else if (current) {
      current.printed.push(text);
    } else {
      throw new Error(`line ${firstLine + index}: a console block starts with "$ <command>"`);
    }
    continued = text.endsWith('\\') && current?.printed.length === 0;
  });
  return steps;
}
