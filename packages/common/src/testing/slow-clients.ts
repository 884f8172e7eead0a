import { connect, type Socket } from 'node:net';

export interface TricklingClients {
  /** Connections the server has not closed yet. */
  open: () => number;
  /** Resolves once the server has closed every one of them. */
  allClosed: Promise<void>;
  /** Closes whatever is still open. */
  stop: () => void;
}

/**
 * `count` connections that each send a request head one byte every `everyMs` and never finish
 * it: the slow-loris attack, which only the server's header deadline ends.
 */
export function trickleHeaders(url: string, count: number, everyMs: number): TricklingClients {
  const { hostname, port } = new URL(url);
  const head = `GET / HTTP/1.1\r\nHost: ${hostname}\r\nX-Slow: ${'x'.repeat(4096)}`;
  const sockets = new Set<Socket>();
  const closed: Promise<void>[] = [];
  for (let index = 0; index < count; index += 1) {
    const socket = connect({ host: hostname, port: Number(port) });
    sockets.add(socket);
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < head.length) socket.write(head[sent] ?? '');
      sent += 1;
    }, everyMs);
    closed.push(
      new Promise((resolve) => {
        socket.on('error', () => undefined);
        socket.on('close', () => {
          clearInterval(timer);
          sockets.delete(socket);
          resolve();
        });
      }),
    );
  }
  return {
    open: () => sockets.size,
    allClosed: Promise.all(closed).then(() => undefined),
    stop: () => {
      for (const socket of sockets) socket.destroy();
    },
  };
}

/**
 * A request whose body never arrives in full: the head announces `length` bytes, a tenth of
 * them is sent, then nothing. Resolves with what the server answered once it closed the
 * connection (its request deadline), and how long that took.
 */
export function unfinishedBody(
  url: string,
  path: string,
  length = 1_000,
): Promise<{ answer: string; ms: number }> {
  const { hostname, port } = new URL(url);
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ answer, ms: Date.now() - started }));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${length}\r\n\r\n{"a":"${'x'.repeat(Math.floor(length / 10))}`,
    );
  });
}
