import { Writable } from 'node:stream';
import type { Express } from 'express';
import { pino, type Logger } from 'pino';
import request from 'supertest';
import { REQUEST_ID_HEADER } from '../observability/request-id.js';
import { createOutageLog } from '../runtime/outage-log.js';

/** A real pino logger whose JSON lines are kept in memory, so a test can read what was logged. */
export function capturingLogger(): { logger: Logger; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = pino({ level: 'info' }, sink);
  const lines = (): Record<string, unknown>[] => {
    return chunks
      .join('')
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  };
  return { logger, lines };
}

/** pino's level number for `error`. */
const ERROR_LEVEL = 50;

export interface ErrorLogCheck {
  /** The app, built with `logger`, in which `unexpected` fails with something no route expects. */
  app: Express;
  lines: () => Record<string, unknown>[];
  /** Sends a request that meets the forced failure. */
  unexpected: (client: request.Agent) => request.Test;
  /** Sends a request with a client's mistake (a hostile body), answered with a 4xx. */
  mistake: (client: request.Agent) => request.Test;
  /**
   * For a service on a database: sends a request that meets the driver's own network error, as
   * in an outage. With the outage logged, it must be a 500 counted there and not an error line:
   * the app was given the driver's failures (`databaseErrors`).
   */
  outage?: (client: request.Agent) => request.Test;
}

/** What is wrong with a request failed by an outage: it must be a 500 counted in the outage log. */
async function outageProblems(
  client: request.Agent,
  outage: (client: request.Agent) => request.Test,
): Promise<string[]> {
  const { logger, lines } = capturingLogger();
  const log = createOutageLog(logger, { dependency: 'database', host: 'db' });
  let status: number;
  try {
    status = (await outage(client)).status;
  } finally {
    log.close();
  }
  const counted = lines()
    .map((line) => line.failedRequests)
    .filter((count) => count !== undefined);
  return [
    ...(status === 500 ? [] : [`the request in the outage answered ${status}`]),
    ...(counted.length === 1 && counted[0] === 1
      ? []
      : [`the outage log counted ${JSON.stringify(counted)} failed requests, not [1]`]),
  ];
}

/**
 * Problems with the error log of one app, as a list (empty when none): the forced failure must be
 * a 500 logged as exactly one error line carrying the request's id and the error's stack; the
 * client's mistake must be a 4xx with no error line at all; the request in an outage, when there is
 * one, a 500 counted in the outage log.
 */
export async function errorLogProblems({
  app,
  lines,
  unexpected,
  mistake,
  outage,
}: ErrorLogCheck): Promise<string[]> {
  const client = request.agent(app);
  const failed = await unexpected(client);
  const refused = await mistake(client);
  const problems: string[] = outage === undefined ? [] : await outageProblems(client, outage);
  if (failed.status !== 500) problems.push(`the forced failure answered ${failed.status}`);
  if (refused.status < 400 || refused.status >= 500) {
    problems.push(`the client's mistake answered ${refused.status}`);
  }
  const errors = lines().filter((line) => line.level === ERROR_LEVEL);
  const failedId = failed.headers[REQUEST_ID_HEADER];
  const ofFailure = errors.filter((line) => line.requestId === failedId);
  if (errors.length !== 1 || ofFailure.length !== 1) {
    problems.push(`expected one error line, for request ${failedId}: ${JSON.stringify(errors)}`);
  }
  const stack = (ofFailure[0]?.err as { stack?: unknown } | undefined)?.stack;
  if (typeof stack !== 'string' || !stack.includes('\n    at ')) {
    problems.push(`the error line has no stack: ${JSON.stringify(ofFailure[0])}`);
  }
  return problems;
}
