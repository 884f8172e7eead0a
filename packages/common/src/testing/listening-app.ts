import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/**
 * A server over an app for a whole test file, on a free port of 127.0.0.1: requests sent with
 * fetch reuse its connections, where supertest would open a server per request.
 */
export function useListeningApp(build: () => RequestListener | object): { readonly url: string } {
  const server = createServer();
  let url: string | undefined;
  beforeAll(async () => {
    server.on('request', build() as RequestListener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    get url() {
      if (url === undefined) throw new Error('the server listens from the first test on');
      return url;
    },
  };
}
