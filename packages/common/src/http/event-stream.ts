import type { Response } from 'express';

/** One Server-Sent Event: `data` is sent as JSON on one line. */
export interface StreamEvent {
  id: string;
  event: string;
  data: unknown;
}

export interface EventStreamOptions {
  /** How often a comment line is written while nothing else is, so no proxy closes the idle stream. */
  heartbeatMs: number;
}

export interface EventStream {
  send(event: StreamEvent): void;
  /** Ends the answer; nothing is sent after. Safe to call more than once. */
  end(): void;
  /** Whether the stream has ended, by `end` or because the client went away. */
  readonly ended: boolean;
  /** Called once when the stream ends, either way. */
  onEnd(listener: () => void): void;
}

/** Proxies must pass each event on at once: nginx reads `X-Accel-Buffering`, the rest the others. */
export const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  'x-accel-buffering': 'no',
} as const;

function eventText({ id, event, data }: StreamEvent): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Starts a `text/event-stream` answer on `res` (status 200, headers sent at once). A HEAD request
 * gets the headers alone, and its stream has ended.
 */
export function openEventStream(res: Response, { heartbeatMs }: EventStreamOptions): EventStream {
  res.writeHead(200, EVENT_STREAM_HEADERS);
  res.flushHeaders();
  const listeners: (() => void)[] = [];
  let ended = false;
  if (res.req.method === 'HEAD') {
    ended = true;
    res.end();
  }
  const finish = (): void => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    for (const listener of listeners.splice(0)) listener();
  };
  const heartbeat = ended ? undefined : setInterval(() => res.write(':\n\n'), heartbeatMs);
  if (!ended) res.once('close', finish);
  return {
    send(event) {
      if (!ended) res.write(eventText(event));
    },
    end() {
      if (ended) return;
      finish();
      res.end();
    },
    get ended() {
      return ended;
    },
    onEnd(listener) {
      if (ended) listener();
      else listeners.push(listener);
    },
  };
}

/**
 * The streams a service has open, so that a stop ends them instead of waiting for its grace to run
 * out; a stream opened after `endAll` is ended at once.
 */
export class OpenStreams {
  private readonly streams = new Set<EventStream>();
  private closed = false;

  add(stream: EventStream): void {
    if (this.closed) {
      stream.end();
      return;
    }
    this.streams.add(stream);
    stream.onEnd(() => this.streams.delete(stream));
  }

  get size(): number {
    return this.streams.size;
  }

  endAll(): void {
    this.closed = true;
    for (const stream of [...this.streams]) stream.end();
  }
}
