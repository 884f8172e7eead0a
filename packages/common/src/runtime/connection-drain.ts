import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

interface Connection {
  openedAt: number;
  /** Responses not finished yet. */
  inFlight: Set<ServerResponse>;
  served: number;
}

interface RequestMessage {
  request: IncomingMessage;
  response: ServerResponse;
  socket: Socket;
  server: Server;
}

/** What a connection that has sent no request yet is given: its client is most likely writing one. */
const FRESH_CONNECTION_MS = 1_000;
const SWEEP_EVERY_MS = 50;

function isRequestMessage(message: unknown, server: Server): message is RequestMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { server?: unknown }).server === server
  );
}

/**
 * Tracks a server's connections so that a stop loses no request a client sent: Node's
 * `server.close()` also destroys connections idle at that instant, whose client may have just
 * written a request (docs/performance.md, the drain). Requests are followed through Node's
 * `http.server.*` diagnostics channels, so nothing is added to each request or response.
 *
 * `startDrain`: every response from now on, and every one already started, says
 * `Connection: close`. `close`: stops accepting, then closes each connection once it is free
 * (idle at once, busy after its response, one that sent nothing after a second); resolves when
 * none is left, or at `graceMs`, when the rest are cut.
 */
export function trackConnections(server: Server) {
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
    close: (graceMs: number) =>
      new Promise<void>((resolve) => {
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
