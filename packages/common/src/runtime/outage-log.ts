import type { Logger } from 'pino';

const open = new Set<{ failedRequest: () => void }>();

/**
 * Counts a request failed for want of the database in every open outage log (the error handler
 * sees only the error; a process runs one service). False when none is open (an app built
 * without `connectWithMongo`): the failure is then logged like any unexpected one.
 */
export function reportUnavailableRequest(): boolean {
  for (const log of open) log.failedRequest();
  return open.size > 0;
}

/**
 * What a service logs about a dependency it lost (`database`, at `host`): one line when it goes,
 * one when it comes back, and in between one summary per window of the requests it failed,
 * rather than a flood of identical stacks. `close` writes the last summary.
 */
export function createOutageLog(
  logger: Logger,
  {
    dependency,
    host,
    summaryEveryMs = 10_000,
  }: { dependency: string; host: string; summaryEveryMs?: number },
) {
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

  const log = {
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
    unreachable: (reason: string) => {
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
