import { createServer, type Server, type Socket } from 'node:net';
import type { Document } from 'bson';
import type { CommandContext } from './commands/context.js';
import { runCommand } from './commands/registry.js';
import { errorReply, MongoCommandError } from './errors.js';
import { CursorManager } from './engine/cursors.js';
import { awaitDataWait, awaitMore } from './engine/await-data.js';
import type { Engine } from './engine/engine.js';
import type { ServerParameters } from './parameters.js';
import { buildOpMsgReply, parseOpMsg, type OpMsgRequest } from './wire/op-msg.js';
import { buildOpReply, parseOpQuery } from './wire/op-query.js';
import { MessageFramer, OP_MSG, OP_QUERY, readHeader } from './wire/protocol.js';

export interface ServerEvents {
  onError?: (err: unknown) => void;
}

/**
 * Accepts wire-protocol connections. Every command runs synchronously against the engine, so
 * commands are atomic with respect to each other; a reply to a write waits until the store has
 * made it durable, while other connections carry on meanwhile.
 */
export class WireServer {
  readonly #engine: Engine;
  readonly #parameters: ServerParameters;
  readonly #cursors = new CursorManager();
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  readonly #inflight = new Set<Promise<void>>();
  readonly #events: ServerEvents;
  #nextConnectionId = 1;
  #nextRequestId = 1;
  #closing = false;

  constructor(engine: Engine, parameters: ServerParameters, events: ServerEvents = {}) {
    this.#engine = engine;
    this.#parameters = parameters;
    this.#events = events;
    this.#server = createServer((socket) => this.#accept(socket));
  }

  /** Listens on a TCP port of `host`, or on a Unix socket; resolves with the port (0 for a socket). */
  listen(address: { port: number; host: string } | { path: string }): Promise<number> {
    return new Promise((resolve, reject) => {
      const onError = (err: Error): void => reject(err);
      this.#server.once('error', onError);
      this.#server.listen(address, () => {
        this.#server.off('error', onError);
        this.#server.on('error', (err) => this.#events.onError?.(err));
        const bound = this.#server.address();
        resolve(typeof bound === 'object' && bound !== null ? bound.port : 0);
      });
    });
  }

  async close(): Promise<void> {
    this.#closing = true;
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    for (const socket of this.#sockets) socket.destroy();
    await closed;
    await Promise.allSettled([...this.#inflight]);
  }

  #accept(socket: Socket): void {
    this.#sockets.add(socket);
    socket.setNoDelay(true);
    const ctx: CommandContext = {
      engine: this.#engine,
      cursors: this.#cursors,
      parameters: this.#parameters,
      connectionId: this.#nextConnectionId++,
    };
    const framer = new MessageFramer();
    const queue: Buffer[] = [];
    let waiting = false;

    const drain = (): void => {
      while (!waiting && queue.length > 0 && !socket.destroyed) {
        const message = queue.shift() as Buffer;
        let pending: Promise<void> | undefined;
        try {
          pending = this.#handle(message, socket, ctx);
        } catch (err) {
          // A message we cannot parse leaves the stream in an unknown state: drop this client only.
          this.#events.onError?.(err);
          socket.destroy();
          return;
        }
        if (pending) {
          waiting = true;
          const tracked = pending.finally(() => {
            this.#inflight.delete(tracked);
            waiting = false;
            drain();
          });
          this.#inflight.add(tracked);
        }
      }
    };

    socket.on('data', (chunk: Buffer) => {
      try {
        queue.push(...framer.push(chunk));
      } catch (err) {
        this.#events.onError?.(err);
        socket.destroy();
        return;
      }
      drain();
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.#sockets.delete(socket));
  }

  /** Runs one message; returns a promise only when the reply waits for data (awaitData getMore). */
  #handle(message: Buffer, socket: Socket, ctx: CommandContext): Promise<void> | undefined {
    const header = readHeader(message);
    let reply: (doc: Document) => Buffer;
    let body: Document;
    let silent = false;
    if (header.opCode === OP_MSG) {
      let request: OpMsgRequest;
      try {
        request = parseOpMsg(message);
      } catch (err) {
        if (!(err instanceof MongoCommandError)) throw err;
        socket.write(buildOpMsgReply(this.#nextRequestId++, header.requestId, err.toReply()));
        return undefined;
      }
      body = request.body;
      silent = request.moreToCome;
      reply = (doc) => buildOpMsgReply(this.#nextRequestId++, header.requestId, doc);
    } else if (header.opCode === OP_QUERY) {
      const request = parseOpQuery(message);
      const dot = request.collection.indexOf('.');
      const db = dot > 0 ? request.collection.slice(0, dot) : 'admin';
      if (!request.collection.endsWith('.$cmd'))
        throw new Error('legacy OP_QUERY is only supported for commands');
      body = { ...request.query, $db: db };
      reply = (doc) => buildOpReply(this.#nextRequestId++, header.requestId, doc);
    } else {
      throw new Error(`unsupported opCode ${header.opCode}`);
    }
    ctx.messageBytes = header.messageLength;
    const ran = runCommand(body, ctx);
    // A write storage refused has been undone; its reply is the refusal.
    const refused = this.#engine.commit();
    if (refused !== undefined) this.#events.onError?.(refused);
    const result = refused === undefined ? ran : errorReply(refused);
    const wait = awaitDataWait(body, result, this.#cursors);
    // moreToCome (w:0 writes, endSessions on close) means the client reads no reply: sending one
    // would be taken as the answer to its next command.
    const send = (doc: Document): void => {
      if (silent || socket.destroyed) return;
      let bytes: Buffer;
      try {
        bytes = reply(doc);
      } catch (err) {
        // A reply that cannot be encoded (too large, say) still gets an answer the driver can raise.
        bytes = reply(errorReply(err));
      }
      socket.write(bytes);
    };
    if (wait !== undefined) {
      const stopped = (): boolean => this.#closing || socket.destroyed;
      return awaitMore(() => runCommand(body, ctx), wait, stopped, this.#cursors, body).then(send);
    }
    send(result);
    return undefined;
  }
}
