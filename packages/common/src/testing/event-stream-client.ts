import { request, type IncomingHttpHeaders } from 'node:http';

/** One event as a browser's EventSource would hand it over. */
export interface ReceivedEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/** What is awaited for at most, before a test fails saying what did arrive. */
const WAIT_MS = 10_000;

/**
 * A Server-Sent Events client over node:http for tests: it parses the stream as the standard says
 * (fields up to a blank line, `:` comment lines) and keeps everything it received.
 */
export class EventStreamClient {
  readonly events: ReceivedEvent[] = [];
  comments = 0;
  private ended = false;
  /** Whether the server ended the answer as HTTP ends one (not a connection cut off). */
  endedCleanly = false;
  private readonly waiters = new Set<() => void>();
  private destroy: () => void = () => undefined;

  private constructor(
    readonly status: number,
    readonly headers: IncomingHttpHeaders,
    /** The whole body of an answer that is no stream (a 401, a 404). */
    public body = '',
  ) {}

  /** Connects; resolves once the status and headers are in. */
  static open(url: string, headers: Record<string, string>): Promise<EventStreamClient> {
    return new Promise((resolve, reject) => {
      const outgoing = request(url, { headers: { accept: 'text/event-stream', ...headers } });
      outgoing.once('error', reject);
      outgoing.once('response', (incoming) => {
        const client = new EventStreamClient(incoming.statusCode ?? 0, incoming.headers);
        client.destroy = () => incoming.destroy();
        const isStream = incoming.headers['content-type']?.startsWith('text/event-stream') ?? false;
        let pending = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => {
          if (!isStream) {
            client.body += chunk;
            return;
          }
          pending += chunk;
          let blank = pending.indexOf('\n\n');
          while (blank >= 0) {
            client.takeBlock(pending.slice(0, blank));
            pending = pending.slice(blank + 2);
            blank = pending.indexOf('\n\n');
          }
          client.wake();
        });
        const finish = (): void => {
          client.ended = true;
          client.wake();
        };
        incoming.once('end', () => {
          client.endedCleanly = true;
          finish();
        });
        incoming.once('close', finish);
        resolve(client);
      });
      outgoing.end();
    });
  }

  private takeBlock(block: string): void {
    const event: ReceivedEvent = { id: undefined, event: 'message', data: '' };
    let fields = 0;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        this.comments += 1;
        continue;
      }
      const colon = line.indexOf(':');
      const name = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (name === 'id') event.id = value;
      else if (name === 'event') event.event = value;
      else if (name === 'data') event.data = event.data === '' ? value : `${event.data}\n${value}`;
      else continue;
      fields += 1;
    }
    if (fields > 0) this.events.push(event);
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  /** Resolves once `done` holds, checked on each chunk received. */
  until(done: () => boolean, what: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = (): void => {
        if (!done()) return;
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`${what} did not come; received ${JSON.stringify(this.events)}`));
      }, WAIT_MS);
      this.waiters.add(check);
      check();
    });
  }

  /** Resolves once `count` events in all have arrived. */
  received(count: number): Promise<ReceivedEvent[]> {
    return this.until(() => this.events.length >= count, `event ${count}`).then(() =>
      this.events.slice(0, count),
    );
  }

  /** Resolves once `count` comment lines have arrived. */
  commented(count: number): Promise<void> {
    return this.until(() => this.comments >= count, `comment ${count}`);
  }

  /** Resolves once the server has ended the answer. */
  endOfStream(): Promise<void> {
    return this.until(() => this.ended, 'the end of the stream');
  }

  get hasEnded(): boolean {
    return this.ended;
  }

  close(): void {
    this.destroy();
  }
}
