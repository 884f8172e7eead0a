import { Agent, request as httpRequest } from 'node:http';

export interface LoadTally {
  ok: number;
  serverErrors: number;
  /** The URL and status of each 5xx answer. */
  serverErrorDetails: string[];
  /** Requests that ended without an answer (the connection refused or closed once the service is gone). */
  unanswered: number;
}

function get(agent: Agent, url: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent, timeout: 15_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
      res.on('error', () => resolve(undefined));
    });
    req.on('error', () => resolve(undefined));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

/**
 * A few keep-alive clients each asking for one URL in a loop, each until its service stops
 * answering; `stop()` ends them and returns the tally.
 */
export function startLoad(
  urls: readonly string[],
  clientsPerUrl: number,
): { stop: () => Promise<LoadTally> } {
  const tally: LoadTally = { ok: 0, serverErrors: 0, serverErrorDetails: [], unanswered: 0 };
  let running = true;
  const clients = urls.flatMap((url) =>
    Array.from({ length: clientsPerUrl }, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      while (running) {
        const status = await get(agent, url);
        if (status === undefined) {
          tally.unanswered++;
          break;
        }
        if (status >= 500) {
          tally.serverErrors++;
          tally.serverErrorDetails.push(`${url} ${String(status)}`);
        } else tally.ok++;
      }
      agent.destroy();
    }),
  );
  return {
    stop: async () => {
      running = false;
      await Promise.all(clients);
      return tally;
    },
  };
}
