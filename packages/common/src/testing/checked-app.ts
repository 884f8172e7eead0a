import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach } from 'vitest';
import type { ApiDocument } from '../openapi/api-document.js';
import { ResponseContract, type Exchange } from './response-contract.js';

/** The one method of an Express app through which every request passes. */
interface Handles {
  handle: (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;
}

/** Keeps what a response writes, and reports it once the response has finished. */
function recordResponse(
  req: IncomingMessage,
  res: ServerResponse,
  finished: (exchange: Exchange) => void,
): void {
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown, encoding: unknown): void => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array),
    );
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.write = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    return write(...args);
  }) as ServerResponse['write'];
  res.end = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    return end(...args);
  }) as ServerResponse['end'];
  const url = req.url ?? '/';
  const method = req.method ?? 'GET';
  res.once('finish', () => {
    const type = res.getHeader('content-type');
    finished({
      method,
      url,
      status: res.statusCode,
      contentType: type === undefined ? undefined : String(type),
      body: Buffer.concat(chunks),
    });
  });
}

/**
 * Holds every response of a test file's apps to the service's OpenAPI document. `check(app)`
 * makes an app record each response it sends; after each test, whatever did not match the
 * document (a status it does not list for the route, a content type, a body its schema refuses)
 * fails that test, naming the request. Called at the top of a service's `test/support.ts`, whose
 * `buildApp` passes each app it builds through `check`, so every existing HTTP test checks the
 * contract without saying so.
 */
export function useResponseContract(document: ApiDocument): {
  check: <A extends object>(app: A) => A;
  contract: ResponseContract;
} {
  const contract = new ResponseContract(document);
  const problems: string[] = [];
  afterEach(() => {
    const found = problems.splice(0);
    if (found.length > 0) {
      throw new Error(`responses that break the OpenAPI document:\n  ${found.join('\n  ')}`);
    }
  });
  const check = <A extends object>(app: A): A => {
    const handles = app as unknown as Handles;
    const handle = handles.handle.bind(app);
    handles.handle = (req, res, next) => {
      recordResponse(req, res, (exchange) => problems.push(...contract.check(exchange)));
      handle(req, res, next);
    };
    return app;
  };
  return { check, contract };
}
