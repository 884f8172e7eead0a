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
): Promise<LoadResult> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const result = await autocannon({
    url: `${baseUrl}${request.path}`,
    method: request.method,
    headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    ...(request.idReplacement === true ? { idReplacement: true } : {}),
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
