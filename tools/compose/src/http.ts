/** One HTTP exchange with a published port; the body parsed as JSON when it is JSON. */
export interface Reply {
  status: number;
  body: unknown;
  text: string;
}

export async function request(
  url: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let body: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text !== '')
    body = JSON.parse(text);
  return { status: response.status, body, text };
}

export class CheckFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CheckFailure';
  }
}

/** Fails the current check unless the reply has the expected status; returns the reply. */
export function expectStatus(what: string, reply: Reply, status: number): Reply {
  if (reply.status !== status) {
    throw new CheckFailure(
      `${what}: expected ${String(status)}, got ${String(reply.status)} ${reply.text.slice(0, 200)}`,
    );
  }
  return reply;
}

export function expect(condition: boolean, message: string): void {
  if (!condition) throw new CheckFailure(message);
}

/** A string field of a JSON object body, or a failed check. */
export function field(reply: Reply, name: string): string {
  const value =
    typeof reply.body === 'object' && reply.body !== null
      ? (reply.body as Record<string, unknown>)[name]
      : undefined;
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new CheckFailure(`no "${name}" in ${reply.text.slice(0, 200)}`);
  }
  return String(value);
}
