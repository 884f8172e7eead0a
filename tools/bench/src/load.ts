import autocannon from 'autocannon';

export interface LoadRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  /** JSON text sent as the body (content-type is set to application/json). */
  body?: string;
  /** Status every answer must carry; anything else is counted as a bad answer. */
  expectStatus: number;
  /** Replace each `[<id>]` in the request (headers included) with a new id per request (autocannon's `idReplacement`). */
  idReplacement?: boolean;
  /**
   * Requests that each change what they name once (an order moved one step): the path and body of
   * each request come from here instead, in turn. Every side walks it with a cursor of its own,
   * over data of its own.
   */
  walk?: RequestWalk;
}

/**
 * Request `c` goes to `paths[c % paths.length]` with `bodies[floor(c / paths.length)]`: every path
 * takes the first body, then every path the second, so two requests for one path are a whole
 * pass apart and never in flight together. Past the last body it starts again (the answers then
 * carry another status and count as bad, which the report shows).
 */
export interface RequestWalk {
  paths: readonly string[];
  bodies: readonly string[];
}

/** Where one side is in its walk, kept across its warm-up and rounds. */
export interface WalkCursor {
  next: number;
}

export function walkStep(walk: RequestWalk, cursor: WalkCursor): { path: string; body: string } {
  const at = cursor.next;
  cursor.next += 1;
  const pass = Math.floor(at / walk.paths.length) % walk.bodies.length;
  return { path: walk.paths[at % walk.paths.length] ?? '', body: walk.bodies[pass] ?? '' };
}

export interface LoadResult {
  requests: number;
  reqPerSec: number;
  /** Latency percentiles in milliseconds (autocannon records whole milliseconds). */
  p50: number;
  p99: number;
  /** Answers with another status than expected, plus connection errors and timeouts. */
  bad: number;
  durationSec: number;
}

/** One autocannon run against `baseUrl`; no output to the terminal. */
export async function runLoad(
  baseUrl: string,
  request: LoadRequest,
  options: { durationSec: number; connections: number },
  cursor: WalkCursor = { next: 0 },
): Promise<LoadResult> {
  const { walk } = request;
  const headers: Record<string, string> = { ...request.headers };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const result = await autocannon({
    url: `${baseUrl}${request.path}`,
    method: request.method,
    headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    ...(request.idReplacement === true ? { idReplacement: true } : {}),
    ...(walk === undefined
      ? {}
      : { requests: [{ setupRequest: (sent) => ({ ...sent, ...walkStep(walk, cursor) }) }] }),
    connections: options.connections,
    duration: options.durationSec,
  });
  // Only answers with the expected status count; anything else must not hide among them.
  const counts = result.statusCodeStats ?? {};
  const expected = counts[`${request.expectStatus}`]?.count ?? 0;
  const answered = Object.values(counts).reduce((sum, entry) => sum + (entry?.count ?? 0), 0);
  const durationSec = result.duration > 0 ? result.duration : options.durationSec;
  return {
    requests: expected,
    reqPerSec: expected / durationSec,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: answered - expected + result.errors + result.timeouts,
    durationSec,
  };
}
