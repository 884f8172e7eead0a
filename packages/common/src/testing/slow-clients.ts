import type { Server } from 'node:http';
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

/** The server's end of the next connection it accepts, once it accepts it. */
function nextAccepted(server: Server): Promise<Socket> {
  return new Promise((resolve) => server.once('connection', resolve));
}

/** `count` requests for `path` written at once on one connection (pipelined). */
function pipelined(url: string, path: string, count: number): string {
  const { host } = new URL(url);
  return `GET ${path} HTTP/1.1\r\nHost: ${host}\r\n\r\n`.repeat(count);
}

export interface StalledReader {
  /** Resolves once the server has closed its end of the connection. */
  cutOff: Promise<void>;
  /** Bytes of the answers that reached this client before it stopped reading. */
  received: () => number;
  stop: () => void;
}

/**
 * A client that asks `server` (listening at `url`, in this process, where its end of the
 * connection can be watched) for `path` `count` times, pipelined, reads the first bytes and then
 * nothing more: the answers queue in the kernel and the server's writes stall. Only a send
 * deadline ends that; a client that stopped reading never sees its connection close.
 */
export async function stalledReader(
  server: Server,
  url: string,
  path: string,
  count: number,
): Promise<StalledReader> {
  const { hostname, port } = new URL(url);
  const accepted = nextAccepted(server);
  const socket = connect({ host: hostname, port: Number(port) });
  let received = 0;
  socket.on('error', () => undefined);
  socket.once('data', (chunk: Buffer) => {
    received += chunk.length;
    socket.pause();
  });
  socket.write(pipelined(url, path, count));
  const serverEnd = await accepted;
  return {
    cutOff: new Promise((resolve) => serverEnd.once('close', () => resolve())),
    received: () => received,
    stop: () => socket.destroy(),
  };
}

/**
 * Asks for `path` `count` times, pipelined, and reads all the answers in short bursts with
 * `pauseMs` of reading nothing in between, as a slow but steady client does. Resolves with the
 * bytes read once the connection ends (the last request asks the server to close it): all of
 * the answers, unless the server cut the client off.
 */
export function steadyReader(url: string, path: string, count: number, pauseMs: number) {
  const { hostname, port } = new URL(url);
  const requests = pipelined(url, path, count).replace(
    /\r\n\r\n$/,
    '\r\nConnection: close\r\n\r\n',
  );
  return new Promise<number>((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let bytes = 0;
    const timer = setInterval(() => {
      socket.resume();
      setTimeout(() => socket.pause(), 5).unref();
    }, pauseMs);
    socket.on('data', (chunk: Buffer) => (bytes += chunk.length));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve(bytes);
    });
    socket.pause();
    socket.write(requests);
  });
}
