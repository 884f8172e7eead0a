import { connect } from 'node:net';

/** What a server sent on one connection, as text, and its status line's code. */
export interface RawAnswer {
  text: string;
  status: number | undefined;
}

/**
 * Writes `request` as given on a new connection to the server at `url` (so a test sends what no
 * client library would: an absolute-form target, a length it never sends) and resolves with all
 * the server sent once the server closes the connection. Send `Connection: close`, or expect the
 * server to close it.
 */
export function rawExchange(url: string, request: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A reset after the answer (the server closed with the request unread) ends it as well.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const code = /^HTTP\/1\.1 (\d{3}) /.exec(text)?.[1];
      resolve({ text, status: code === undefined ? undefined : Number(code) });
    });
    socket.write(request);
  });
}
