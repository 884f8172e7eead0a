import { Agent, request } from 'node:http';

/** One request of the load: what to send. */
export interface LoadRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One answered request of the load. */
export interface LoadAnswer {
  request: LoadRequest;
  status: number;
  body: string;
  /** From sending to the last byte of the answer. */
  ms: number;
  /** When it was answered (epoch ms). */
  at: number;
}

export interface LoadOptions {
  /** `http://host:port` of the service. */
  url: string;
  /** Keep-alive connections, each sending its next request as soon as the last is answered. */
  connections: number;
  /** The next request of connection `worker`. */
  next: (worker: number) => LoadRequest;
  /** Called with every answer (to keep the ids of acknowledged writes, say). */
  onAnswer?: (answer: LoadAnswer) => void;
  /**
   * Behave as a load balancer in front of the service: ask this path every `readinessEveryMs`
   * (100 by default) and, once it is not 200, open no new connection; a connection the service
   * closes (`Connection: close`) then ends its worker. Without it, workers reconnect until
   * refused, as clients that talk to the process directly.
   */
  readinessPath?: string;
  readinessEveryMs?: number;
  /** A request unanswered this long counts as hung and its connection is abandoned (10 s). */
  hungAfterMs?: number;
}

export interface LoadResult {
  /** Requests written to a connection. */
  sent: number;
  /** Of those, answered with a whole response. */
  answered: number;
  /** Of those, the ones answered with a 5xx. */
  serverErrors: number;
  /** Sent but never answered: the connection was reset or closed under the request. */
  dropped: number;
  /** Of those, the ones sent on a connection kept alive from an earlier answer. */
  droppedKeptAlive: number;
  /** Not sent: the connection was refused (the service no longer listens). */
  refused: number;
  /** Sent and not answered within `hungAfterMs`. */
  hung: number;
  /** What the dropped requests failed with, each reason once. */
  dropReasons: string[];
  /** Answers by status. */
  statuses: Record<number, number>;
}

export interface RunningLoad {
  /** The counts so far. */
  result: () => LoadResult;
  /** Stops sending and resolves once every connection's last request is settled. */
  stop: () => Promise<LoadResult>;
  /**
   * Resolves when every connection has stopped: on `stop()`, because each was refused, or (as a
   * load balancer) because each was closed by a service that is no longer ready.
   */
  done: Promise<LoadResult>;
}

type Outcome =
  | { answer: LoadAnswer; closed: boolean }
  | { refused: true }
  | { dropped: string; keptAlive: boolean }
  | { hung: true };

function send(agent: Agent, url: URL, load: LoadRequest, hungAfterMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = Date.now();
    const headers: Record<string, string> =
      load.body === undefined
        ? { ...load.headers }
        : {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(load.body)),
            ...load.headers,
          };
    const outgoing = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: load.method,
        path: load.path,
        headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            answer: {
              request: load,
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              ms: Date.now() - started,
              at: Date.now(),
            },
            closed: response.headers.connection === 'close',
          }),
        );
        response.on('error', (error) =>
          resolve({ dropped: error.message, keptAlive: outgoing.reusedSocket }),
        );
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      resolve(
        error.code === 'ECONNREFUSED'
          ? { refused: true }
          : { dropped: error.message, keptAlive: outgoing.reusedSocket },
      ),
    );
    const timer = setTimeout(() => {
      resolve({ hung: true });
      outgoing.destroy();
    }, hungAfterMs);
    outgoing.on('close', () => clearTimeout(timer));
    outgoing.end(load.body);
  });
}

/**
 * Load over keep-alive connections with an exact account of every request: answered, dropped
 * (sent, then the connection failed under it) or refused (never sent). Load generators count
 * errors without telling these apart, and a drop is exactly what a graceful stop must avoid.
 */
export function startKeepAliveLoad(options: LoadOptions): RunningLoad {
  const url = new URL(options.url);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const counts: LoadResult = {
    sent: 0,
    answered: 0,
    serverErrors: 0,
    dropped: 0,
    droppedKeptAlive: 0,
    refused: 0,
    hung: 0,
    dropReasons: [],
    statuses: {},
  };
  let stopped = false;
  let unready = false;
  let watcher: NodeJS.Timeout | undefined;
  const { readinessPath } = options;
  if (readinessPath !== undefined) {
    // Its own connections, as a load balancer's health checks are not the traffic's.
    const probeAgent = new Agent({ keepAlive: false });
    watcher = setInterval(() => {
      void send(probeAgent, url, { method: 'GET', path: readinessPath }, 5_000).then((outcome) => {
        if (!('answer' in outcome) || outcome.answer.status !== 200) unready = true;
      });
    }, options.readinessEveryMs ?? 100);
  }

  const worker = async (index: number): Promise<void> => {
    while (!stopped) {
      const load = options.next(index);
      const outcome = await send(agent, url, load, options.hungAfterMs ?? 10_000);
      if ('refused' in outcome) {
        counts.refused += 1;
        return;
      }
      counts.sent += 1;
      if ('hung' in outcome) {
        counts.hung += 1;
        continue;
      }
      if ('dropped' in outcome) {
        counts.dropped += 1;
        if (outcome.keptAlive) counts.droppedKeptAlive += 1;
        if (!counts.dropReasons.includes(outcome.dropped)) counts.dropReasons.push(outcome.dropped);
        continue;
      }
      counts.answered += 1;
      const { status } = outcome.answer;
      counts.statuses[status] = (counts.statuses[status] ?? 0) + 1;
      if (status >= 500) counts.serverErrors += 1;
      options.onAnswer?.(outcome.answer);
      if (outcome.closed && unready) return;
    }
  };

  const result = (): LoadResult => ({
    ...counts,
    dropReasons: [...counts.dropReasons],
    statuses: { ...counts.statuses },
  });
  const done = Promise.all(Array.from({ length: options.connections }, (_, i) => worker(i))).then(
    () => {
      clearInterval(watcher);
      agent.destroy();
      return result();
    },
  );
  return {
    result,
    done,
    stop: () => {
      stopped = true;
      return done;
    },
  };
}
