/**
 * What a page shows after `# →`: `# → 201 [ETag: "0"] {"id":"…"}` is a status, a header and a body.
 * `…` (or `...`) stands for any text; everything else must match exactly.
 */
export interface Expectation {
  status?: number;
  /** Header name (lower case) to the value's pattern; `undefined` means the header is absent. */
  headers: ReadonlyMap<string, string | undefined>;
  body?: string;
}

/** What one request answered, as the shell session recorded it. */
export interface RecordedResponse {
  status: number;
  headers: ReadonlyMap<string, string>;
  body: string;
}

const HEADER = /^\[([A-Za-z][A-Za-z0-9-]*): ([^\]]*)\](?:\s+|$)/;
const NO_HEADER = /^\[no ([A-Za-z][A-Za-z0-9-]*)\](?:\s+|$)/;

/** Reads the text after one or more `# →` marks of a step and merges them. */
export function parseExpectation(texts: readonly string[]): Expectation {
  const headers = new Map<string, string | undefined>();
  let status: number | undefined;
  let body: string | undefined;
  for (const text of texts) {
    let rest = text.trim();
    const code = /^([1-5]\d\d)(?:\s+|$)/.exec(rest);
    if (code) {
      if (status !== undefined) throw new Error(`a second status in "${text}"`);
      status = Number(code[1]);
      rest = rest.slice(code[0].length);
    }
    for (let match = HEADER.exec(rest) ?? NO_HEADER.exec(rest); match;) {
      headers.set((match[1] ?? '').toLowerCase(), match.length > 2 ? (match[2] ?? '') : undefined);
      rest = rest.slice(match[0].length);
      match = HEADER.exec(rest) ?? NO_HEADER.exec(rest);
    }
    if (rest !== '') {
      if (body !== undefined) throw new Error(`a second body in "${text}"`);
      body = rest;
    }
  }
  return {
    ...(status === undefined ? {} : { status }),
    headers,
    ...(body === undefined ? {} : { body }),
  };
}

/** A pattern where `…` and `...` match any text, newlines included, and the rest matches itself. */
export function textMatches(pattern: string, actual: string): boolean {
  const parts = pattern
    .split(/…|\.\.\./)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[\\s\\S]*?')}$`).test(actual);
}

/** Each way `response` differs from what the page shows; none when it matches. */
export function responseProblems(expected: Expectation, response: RecordedResponse): string[] {
  const problems: string[] = [];
  if (expected.status !== undefined && expected.status !== response.status) {
    problems.push(`status ${response.status}, the page shows ${expected.status}`);
  }
  for (const [name, pattern] of expected.headers) {
    const value = response.headers.get(name);
    if (pattern === undefined && value !== undefined) {
      problems.push(`header ${name}: ${value} was sent; the page shows none`);
    } else if (pattern !== undefined && (value === undefined || !textMatches(pattern, value))) {
      problems.push(`header ${name}: ${value ?? '(none)'}, the page shows ${pattern}`);
    }
  }
  const body = response.body.replace(/\n$/, '');
  if (expected.body !== undefined && !textMatches(expected.body, body)) {
    problems.push(`body ${JSON.stringify(body.slice(0, 600))}, the page shows ${expected.body}`);
  }
  return problems;
}
