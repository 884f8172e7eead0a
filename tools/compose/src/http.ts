/** One HTTP exchange with a published port; the body parsed as JSON when it is JSON. */
export interface Reply {
  status: number;
  body: unknown;
  text: string;
  /** The value of `Idempotent-Replayed`, or null when the answer has none. */
  replayed: string | null;
}

export async function request(
  url: string,
  init: { method?: string; body?: unknown; token?: string; idempotencyKey?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (init.idempotencyKey !== undefined) headers['idempotency-key'] = init.idempotencyKey;
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
  return {
    status: response.status,
    body,
    text,
    replayed: response.headers.get('idempotent-replayed'),
  };
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
