/**
 * Server-Sent Events read with fetch(): a browser's EventSource cannot send an Authorization
 * header, and a token in the address would end up in logs and history.
 */

export interface ServerSentEvent {
  id: string;
  event: string;
  data: string;
}

/** The HTML standard's event stream parsing, less `retry` (the reconnection delay is ours). */
export class EventStreamParser {
  lastEventId = '';
  private buffer = '';
  private data: string[] = [];
  private event = '';

  constructor(private readonly dispatch: (event: ServerSentEvent) => void) {}

  /** Takes the next decoded piece of the body; complete lines are parsed at once. */
  push(text: string): void {
    this.buffer += text;
    let start = 0;
    for (let index = 0; index < this.buffer.length; index += 1) {
      const char = this.buffer[index];
      if (char !== '\n' && char !== '\r') continue;
      // A CR last in the buffer may be the first half of a CRLF still on its way.
      if (char === '\r' && index + 1 === this.buffer.length) break;
      this.line(this.buffer.slice(start, index));
      if (char === '\r' && this.buffer[index + 1] === '\n') index += 1;
      start = index + 1;
    }
    this.buffer = this.buffer.slice(start);
  }

  private line(line: string): void {
    if (line === '') {
      if (this.data.length > 0) {
        this.dispatch({
          id: this.lastEventId,
          event: this.event || 'message',
          data: this.data.join('\n'),
        });
      }
      this.data = [];
      this.event = '';
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.lastEventId = value;
  }
}

/** Where a followed stream stands, for the page to say. */
export type StreamState =
  | { kind: 'connecting' }
  | { kind: 'live' }
  | { kind: 'waiting'; retryInMs: number }
  /** The service refused the request for good: 401 (token) or 404 (no such order). */
  | { kind: 'refused'; status: number }
  | { kind: 'finished' };

export interface FollowOptions {
  path: string;
  token: string;
  onEvent: (event: ServerSentEvent) => void;
  onState: (state: StreamState) => void;
  /** Called once the stream is open, before its first event (the board reads the queue then). */
  onOpen?: () => Promise<void>;
  /** True when a stream the service ended has nothing more to say (an order completed). */
  isFinished?: () => boolean;
  signal: AbortSignal;
}

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 10_000;
/** Answers after which asking again cannot help. */
const FINAL_REFUSALS = new Set([400, 401, 403, 404]);

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Follows a stream for as long as `signal` lets it: when it ends or breaks, it opens it again
 * with `Last-Event-ID`, so the service sends what was missed, each event once and in order.
 */
export async function followEvents(options: FollowOptions): Promise<void> {
  const { path, token, signal } = options;
  let lastEventId = '';
  let retryMs = FIRST_RETRY_MS;
  while (!signal.aborted) {
    options.onState({ kind: 'connecting' });
    try {
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        accept: 'text/event-stream',
      };
      if (lastEventId !== '') headers['last-event-id'] = lastEventId;
      const response = await fetch(path, { headers, cache: 'no-store', signal });
      if (FINAL_REFUSALS.has(response.status)) {
        await response.body?.cancel();
        options.onState({ kind: 'refused', status: response.status });
        return;
      }
      if (!response.ok || response.body === null) {
        await response.body?.cancel();
        throw new Error(`the stream answered ${response.status}`);
      }
      try {
        await options.onOpen?.();
      } catch (error) {
        await response.body.cancel();
        throw error;
      }
      options.onState({ kind: 'live' });
      retryMs = FIRST_RETRY_MS;
      // Resumed after the last event handled, not after an id whose event was cut off.
      const parser = new EventStreamParser((event) => {
        lastEventId = event.id;
        options.onEvent(event);
      });
      parser.lastEventId = lastEventId;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.push(value);
      }
      if (options.isFinished?.() === true) {
        options.onState({ kind: 'finished' });
        return;
      }
    } catch {
      if (signal.aborted) return;
      // A network failure or a refusal that may pass (429, 5xx): asked again below.
    }
    options.onState({ kind: 'waiting', retryInMs: retryMs });
    await pause(retryMs, signal);
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  }
}
