import { createConnection, createServer, type Socket } from 'node:net';

/**
 * What the proxy does with the connection between a service and its database:
 * - `pass`: forwards every byte both ways;
 * - `drop`: resets every open connection and every new one, as a database that went away;
 * - `stall`: keeps every connection open and accepts new ones but forwards nothing, as a
 *   network partition or a stopped database process (bytes are held, not lost, and flow again
 *   when the mode changes back);
 * - `slow`: forwards every chunk after `delayMs`.
 */
export type FaultMode = 'pass' | 'drop' | 'stall' | 'slow';

export interface FaultProxy {
  /** The port the proxy listens on, on 127.0.0.1. */
  readonly port: number;
  /** `uri` (a single-host mongodb:// URI) pointed at the proxy instead of its host. */
  mongoUri: (uri: string) => string;
  readonly mode: FaultMode;
  setMode: (mode: FaultMode, options?: { delayMs?: number }) => void;
  /** Connections opened through the proxy so far. */
  readonly connectionsOpened: number;
  close: () => Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket;
}

/** Where a server listens: a TCP host and port, or a Unix socket. */
export type ServerAddress = { host: string; port: number } | { path: string };

/** The hosts part of a connection string: `host:port`, or a percent-encoded socket path. */
const HOSTS = /^(mongodb:\/\/(?:[^@/]*@)?)([^/?]+)/;

/** The address of a single-host connection string. */
export function mongoAddress(uri: string): ServerAddress {
  const hosts = HOSTS.exec(uri)?.[2] ?? '';
  if (hosts.endsWith('.sock')) return { path: decodeURIComponent(hosts) };
  const url = new URL(`http://${hosts}`);
  return { host: url.hostname, port: url.port === '' ? 27017 : Number(url.port) };
}

/**
 * A TCP proxy in front of a database (or any server) that can drop, stall or slow the
 * connection on demand, so the tests reach a real database through a connection that fails the
 * way networks do, without stopping the database itself.
 */
export async function startFaultProxy(target: ServerAddress): Promise<FaultProxy> {
  const pairs = new Set<Pair>();
  let mode: FaultMode = 'pass';
  let delayMs = 0;
  let opened = 0;

  const forward = (to: Socket, chunk: Buffer): void => {
    if (mode === 'slow') {
      setTimeout(() => to.write(chunk), delayMs);
      return;
    }
    to.write(chunk);
  };
  const hold = (pair: Pair, paused: boolean): void => {
    for (const socket of [pair.client, pair.upstream]) {
      if (paused) socket.pause();
      else socket.resume();
    }
  };

  const server = createServer((client) => {
    opened += 1;
    if (mode === 'drop') {
      client.resetAndDestroy();
      return;
    }
    const upstream = createConnection(target);
    const pair: Pair = { client, upstream };
    pairs.add(pair);
    const end = (): void => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk: Buffer) => forward(upstream, chunk));
    upstream.on('data', (chunk: Buffer) => forward(client, chunk));
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    if (mode === 'stall') hold(pair, true);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;

  return {
    port,
    mongoUri: (uri) => {
      const proxied = uri.replace(HOSTS, (_, scheme: string) => `${scheme}127.0.0.1:${port}`);
      // Straight to the proxy: the driver must not discover the server's own address.
      return `${proxied}${proxied.includes('?') ? '&' : '?'}directConnection=true`;
    },
    get mode() {
      return mode;
    },
    get connectionsOpened() {
      return opened;
    },
    setMode: (next, options = {}) => {
      mode = next;
      delayMs = options.delayMs ?? 0;
      for (const pair of [...pairs]) {
        if (next === 'drop') {
          pair.client.resetAndDestroy();
          pair.upstream.destroy();
          pairs.delete(pair);
        } else {
          hold(pair, next === 'stall');
        }
      }
    },
    close: () =>
      new Promise((resolve) => {
        for (const pair of pairs) {
          pair.client.destroy();
          pair.upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
