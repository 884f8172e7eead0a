/** One fenced code block of a Markdown page. */
export interface CodeBlock {
  /** The line of the opening fence, counted from 1. */
  line: number;
  /** The first word of the info string (`sh`, `console`, `yaml`, ...); empty when none is given. */
  language: string;
  /** The `{key=value ...}` part of the info string. */
  attributes: ReadonlyMap<string, string>;
  /** Any other text of the info string, which no block may carry. */
  unreadInfo: string;
  /** The lines between the fences, with the fence's indentation taken off. */
  lines: readonly string[];
}

const OPENING = /^( {0,3})(`{3,}(?!`)|~{3,}(?!~))[ \t]*(\S.*)?$/;

/** Reads `sh {ci=test:compose}`: the language, then attributes in braces. */
function readInfo(info: string): Pick<CodeBlock, 'language' | 'attributes' | 'unreadInfo'> {
  const [language = '', ...rest] = info.trim().split(/\s+/);
  const attributes = new Map<string, string>();
  const remainder = rest.join(' ');
  const braces = /^\{([^}]*)\}$/.exec(remainder);
  for (const pair of (braces?.[1] ?? '').split(/\s+/).filter(Boolean)) {
    const equals = pair.indexOf('=');
    attributes.set(
      equals < 0 ? pair : pair.slice(0, equals),
      equals < 0 ? '' : pair.slice(equals + 1),
    );
  }
  return { language, attributes, unreadInfo: braces ? '' : remainder };
}

/** Every fenced block of `markdown`, in page order (CommonMark fences: three or more ` or ~). */
export function extractCodeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const opening = OPENING.exec(lines[index] ?? '');
    if (!opening) continue;
    const [, indent = '', fence = '', info = ''] = opening;
    const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    const body: string[] = [];
    let end = index + 1;
    while (end < lines.length && !closing.test(lines[end] ?? '')) {
      body.push((lines[end] ?? '').replace(new RegExp(`^ {0,${indent.length}}`), ''));
      end += 1;
    }
    blocks.push({ line: index + 1, ...readInfo(info), lines: body });
    index = end;
  }
  return blocks;
}
