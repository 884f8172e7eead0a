import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/** What the runner knows about one open connection. */
interface Connection {
  openedAt: number;
  /** Requests whose response has not finished. */
  inFlight: Set<ServerResponse>;
  /** Responses finished on it. */
  served: number;
}

interface RequestMessage {
  request: IncomingMessage;
  response: ServerResponse;
  socket: Socket;
  server: Server;
}

/**
 * A connection that has not sent a whole request yet is given this long after the listener
 * closes: its client connected before the close and is most likely writing its request now.
 */
const FRESH_CONNECTION_MS = 1_000;
const SWEEP_EVERY_MS = 50;

export interface ConnectionDrain {
  /** From now on every response, and every response already started, says `Connection: close`. */
  startDrain: () => void;
  /**
   * Stops accepting, then closes each connection once it is free: an idle keep-alive connection
   * at once, one with a request in flight after its response (which says `Connection: close`),
   * one that has sent nothing yet after a second. Resolves when none is left, or at `graceMs`,
   * when the rest are cut.
   */
  close: (graceMs: number) => Promise<void>;
}

function isRequestMessage(message: unknown, server: Server): message is RequestMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { server?: unknown }).server === server
  );
}

/**
 * Tracks the connections of a server so that a stop loses no request a client sent. Node's own
 * `server.close()` also destroys every connection idle at that instant, including ones whose
 * client has just written a request that has not been read yet; here no connection is closed
 * under a client that was told it could keep using it, except one that stayed idle throughout.
 * Requests are followed through Node's `http.server.*` diagnostics channels, so nothing is added
 * to each request or response.
 */
export function trackConnections(server: Server): ConnectionDrain {
  const connections = new Map<Socket, Connection>();
  let draining = false;

  server.on('connection', (socket: Socket) => {
    connections.set(socket, { openedAt: Date.now(), inFlight: new Set(), served: 0 });
    socket.once('close', () => connections.delete(socket));
  });

  const onStart = (message: unknown): void => {
    if (!isRequestMessage(message, server)) return;
    connections.get(message.socket)?.inFlight.add(message.response);
    if (draining) message.response.setHeader('connection', 'close');
  };
  const onFinish = (message: unknown): void => {
    if (!isRequestMessage(message, server)) return;
    const connection = connections.get(message.socket);
    if (connection === undefined) return;
    connection.inFlight.delete(message.response);
    connection.served += 1;
  };
  subscribe('http.server.request.start', onStart);
  subscribe('http.server.response.finish', onFinish);

  const sweep = (): void => {
    const now = Date.now();
    for (const [socket, connection] of connections) {
      if (connection.inFlight.size > 0) continue;
      if (connection.served > 0 || now - connection.openedAt >= FRESH_CONNECTION_MS) {
        socket.destroy();
      }
    }
  };

  return {
    startDrain: () => {
      draining = true;
      for (const connection of connections.values()) {
        for (const response of connection.inFlight) {
          if (!response.headersSent) response.setHeader('connection', 'close');
        }
      }
    },
    close: (graceMs) =>
      new Promise((resolve) => {
        // net's close, not http's: it stops accepting without destroying idle connections.
        NetServer.prototype.close.call(server);
        const finish = (): void => {
          clearInterval(sweeper);
          clearTimeout(deadline);
          unsubscribe('http.server.request.start', onStart);
          unsubscribe('http.server.response.finish', onFinish);
          // http's close now only stops its timeout checks: every connection is gone.
          server.close();
          resolve();
        };
        const sweeper = setInterval(() => {
          sweep();
          if (connections.size === 0) finish();
        }, SWEEP_EVERY_MS);
        const deadline = setTimeout(() => {
          for (const socket of connections.keys()) socket.destroy();
          finish();
        }, graceMs);
        sweep();
      }),
  };
}
