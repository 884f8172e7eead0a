import { Agent, request, type IncomingHttpHeaders } from 'node:http';

/** A request as the generators build it: the target is path and query, percent-encoded as sent. */
export interface PlainRequest {
  method: string;
  target: string;
  headers: Record<string, string>;
  body?: string | Buffer | undefined;
}

/** A whole answer. */
export interface PlainAnswer {
  status: number;
  contentType: string | undefined;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A client for many small requests to one server over one kept-alive connection, with node:http
 * rather than `fetch`: the generated-request tests send thousands, and fetch's request, response
 * and stream objects cost more CPU than the service answering them. It sends what fetch would: the
 * target through the URL parser (dot segments and percent-encoding as fetch has them), fetch's
 * `accept` and a `content-length` of 0 for a bodiless POST or PUT, and follows no redirect.
 */
export class PlainClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });

  constructor(private readonly baseUrl: string) {}

  send({ method, target, headers, body }: PlainRequest): Promise<PlainAnswer> {
    const url = new URL(`${this.baseUrl}${target}`);
    const length =
      body !== undefined
        ? Buffer.byteLength(body)
        : method === 'POST' || method === 'PUT'
          ? 0
          : undefined;
    return new Promise((resolve, reject) => {
      const outgoing = request(url, {
        method,
        agent: this.agent,
        headers: {
          accept: '*/*',
          ...headers,
          ...(length === undefined ? {} : { 'content-length': String(length) }),
        },
      });
      let answered = false;
      outgoing.once('response', (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.once('end', () => {
          answered = true;
          resolve({
            status: incoming.statusCode ?? 0,
            contentType: incoming.headers['content-type'],
            headers: incoming.headers,
            body: Buffer.concat(chunks),
          });
        });
        incoming.once('error', reject);
      });
      // A server may answer (413, say) and close before reading a large body: writing the rest
      // then fails, which does not undo the answer already read.
      outgoing.once('error', (error) => {
        if (!answered) reject(error);
      });
      outgoing.end(body);
    });
  }

  /** Closes the kept-alive connection. */
  close(): void {
    this.agent.destroy();
  }
}
