import type { Logger } from 'pino';

/**
 * What a service logs about a dependency it lost: one line when it goes, one when it comes back,
 * and in between one summary of the requests it failed per window, rather than a stack per
 * request (under load, a flood of identical stacks).
 */
export interface OutageLog {
  reachable: () => void;
  unreachable: (reason: string) => void;
  failedRequest: () => void;
  /** Writes what the current window counted and stops. */
  close: () => void;
}

export interface OutageLogOptions {
  /** What was lost (`database`), and where (host list, no credentials). */
  dependency: string;
  host: string;
  /** At most one summary line per this many milliseconds. */
  summaryEveryMs?: number;
}

const open = new Set<OutageLog>();

/**
 * Counts a request failed for want of the database in every open outage log (the error handler
 * sees only the error; a process runs one service). False when none is open (an app built
 * without `connectWithMongo`): the failure is then logged like any unexpected one.
 */
export function reportUnavailableRequest(): boolean {
  for (const log of open) log.failedRequest();
  return open.size > 0;
}

export function createOutageLog(
  logger: Logger,
  { dependency, host, summaryEveryMs = 10_000 }: OutageLogOptions,
): OutageLog {
  let downSince: number | undefined;
  let failedInWindow = 0;
  let failedInOutage = 0;
  let windowTimer: NodeJS.Timeout | undefined;

  const writeSummary = (): void => {
    if (windowTimer !== undefined) clearTimeout(windowTimer);
    windowTimer = undefined;
    if (failedInWindow === 0) return;
    logger.warn(
      { dependency, host, failedRequests: failedInWindow },
      `requests failed: ${dependency} unavailable`,
    );
    failedInWindow = 0;
  };

  const log: OutageLog = {
    reachable: () => {
      if (downSince === undefined) return;
      writeSummary();
      logger.info(
        { dependency, host, downMs: Date.now() - downSince, failedRequests: failedInOutage },
        `${dependency} reachable again`,
      );
      downSince = undefined;
      failedInOutage = 0;
    },
    unreachable: (reason) => {
      if (downSince !== undefined) return;
      downSince = Date.now();
      logger.error({ dependency, host, reason }, `${dependency} unreachable`);
    },
    failedRequest: () => {
      failedInWindow += 1;
      failedInOutage += 1;
      if (windowTimer !== undefined) return;
      windowTimer = setTimeout(writeSummary, summaryEveryMs);
      windowTimer.unref();
    },
    close: () => {
      writeSummary();
      open.delete(log);
    },
  };
  open.add(log);
  return log;
}
