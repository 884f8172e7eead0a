import type { CodeBlock } from './markdown-blocks.js';

/** Languages whose blocks hold commands to type; the runner runs them unless they are tagged. */
const COMMAND_LANGUAGES = new Set(['sh', 'bash', 'shell', 'console']);

export type BlockPlan =
  | { kind: 'run'; console: boolean }
  | { kind: 'checked-by'; check: string }
  | { kind: 'listing' }
  | { kind: 'refused'; reason: string };

/**
 * What the runner does with a block: a command block runs against `npm start` unless its info
 * string names the CI step that checks it instead (`sh {ci=test:compose}`); a block of another
 * language is a listing. A block without a language, with an attribute other than `ci`, or naming
 * a step CI does not run, is refused, so that nothing is passed over unnoticed.
 */
export function planBlock(block: CodeBlock, ciSteps: ReadonlySet<string>): BlockPlan {
  if (block.language === '') {
    return { kind: 'refused', reason: 'no language: name one (`text` for a listing)' };
  }
  if (block.unreadInfo !== '') {
    return { kind: 'refused', reason: `unreadable info string "${block.unreadInfo}"` };
  }
  const unknown = [...block.attributes.keys()].filter((key) => key !== 'ci');
  if (unknown.length > 0)
    return { kind: 'refused', reason: `unknown attribute ${unknown.join(', ')}` };
  const check = block.attributes.get('ci');
  if (check !== undefined) {
    if (ciSteps.has(check)) return { kind: 'checked-by', check };
    const known = [...ciSteps].join(', ');
    return { kind: 'refused', reason: `ci=${check} is no step of .ci/run (known: ${known})` };
  }
  if (!COMMAND_LANGUAGES.has(block.language)) return { kind: 'listing' };
  return { kind: 'run', console: block.language === 'console' };
}
