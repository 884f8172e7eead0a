import type { Logger } from 'pino';
import { stallBehind, watchEventLoopStalls } from './event-loop-stalls.js';

const open = new Set<{ failedRequest: () => void }>();

/**
 * Counts a request failed for want of the database in every open outage log (the error handler
 * sees only the error; a process runs one service), or as failed while the event loop stood
 * still when that explains its deadline running out. False when none is open (an app built
 * without `connectWithMongo`): the failure is then logged like any unexpected one.
 */
export function reportUnavailableRequest(): boolean {
  for (const log of open) log.failedRequest();
  return open.size > 0;
}

export interface OutageLogOptions {
  dependency: string;
  host: string;
  /**
   * How long a request waits for the dependency (`MONGODB_OPERATION_TIMEOUT_MS`, 1 s by
   * default): a stall of 40% of it explains a failure.
   */
  deadlineMs?: number;
  summaryEveryMs?: number;
}

/**
 * What a service logs about a dependency it lost (`database`, at `host`): one line when it goes,
 * one when it comes back, and in between one summary per window of the requests it failed,
 * rather than a flood of identical stacks. Requests that failed because the event loop stood
 * still (`stallBehind`) are summed up apart, as `requests failed: event loop blocked`, and never
 * counted against the dependency. `close` writes the last summaries.
 */
export function createOutageLog(
  logger: Logger,
  { dependency, host, deadlineMs = 1_000, summaryEveryMs = 10_000 }: OutageLogOptions,
) {
  watchEventLoopStalls();
  let downSince: number | undefined;
  let failedInWindow = 0;
  let failedInOutage = 0;
  let busyInWindow = 0;
  let longestStallMs = 0;
  let windowTimer: NodeJS.Timeout | undefined;

  const writeSummary = (): void => {
    if (windowTimer !== undefined) clearTimeout(windowTimer);
    windowTimer = undefined;
    if (busyInWindow > 0) {
      logger.warn(
        { dependency, host, failedRequests: busyInWindow, blockedMs: longestStallMs },
        'requests failed: event loop blocked',
      );
      busyInWindow = 0;
      longestStallMs = 0;
    }
    if (failedInWindow === 0) return;
    logger.warn(
      { dependency, host, failedRequests: failedInWindow },
      `requests failed: ${dependency} unavailable`,
    );
    failedInWindow = 0;
  };

  const countInWindow = (): void => {
    if (windowTimer !== undefined) return;
    windowTimer = setTimeout(writeSummary, summaryEveryMs);
    windowTimer.unref();
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
      const stalledMs = stallBehind(deadlineMs);
      if (stalledMs === undefined) {
        failedInWindow += 1;
        failedInOutage += 1;
      } else {
        busyInWindow += 1;
        longestStallMs = Math.max(longestStallMs, stalledMs);
      }
      countInWindow();
    },
    /** A ping ran out because the event loop stood still for `stalledMs`: no outage, a note. */
    lateBecauseBusy: (stalledMs: number) => {
      logger.warn(
        { dependency, host, blockedMs: stalledMs },
        `event loop blocked: ${dependency} ping answered late, not counted as an outage`,
      );
    },
    close: () => {
      writeSummary();
      open.delete(log);
    },
  };
  open.add(log);
  return log;
}
