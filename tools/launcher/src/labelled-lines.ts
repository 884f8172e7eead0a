import { styleText } from 'node:util';
import type { Readable, Writable } from 'node:stream';

const COLORS = ['cyan', 'magenta', 'yellow', 'green', 'blue'] as const;

/** `[name]` in the service's colour when the output is a terminal, as the process runner shows it. */
export function labelFor(name: string, index: number, out: Writable & { isTTY?: boolean }): string {
  const label = `[${name}]`;
  return out.isTTY === true ? styleText(COLORS[index % COLORS.length] ?? 'cyan', label) : label;
}

/**
 * Copies a stream to `out` a whole line at a time, each line after the label, so the lines of
 * services writing at once never run into each other.
 */
export function copyLabelledLines(from: Readable, label: string, out: Writable): void {
  let partial = '';
  from.setEncoding('utf8');
  from.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    if (lines.length > 0) out.write(lines.map((line) => `${label} ${line}\n`).join(''));
  });
  from.on('end', () => {
    if (partial !== '') out.write(`${label} ${partial}\n`);
    partial = '';
  });
}
