import type { Logger } from 'pino';
import { stallBehind } from './event-loop-stalls.js';
import { createOutageLog } from './outage-log.js';

export interface DependencyWatchOptions {
  /** What the log lines call it (`database`) and where it is. */
  dependency: string;
  host: string;
  /** True when the dependency answered; never rejects. */
  ping: () => Promise<boolean>;
  /** Why a failed ping counts as the dependency being gone, for the `unreachable` line. */
  failure: string;
  /** How long a ping waits for its answer. */
  pingDeadlineMs: number;
  /** How long a request waits for the dependency (the outage log's failed requests). */
  requestDeadlineMs: number;
  everyMs: number;
  /**
   * How long the event loop stood still within the last `deadlineMs`, when long enough to have
   * made a ping late (`stallBehind` of the process; a test that holds its pings itself passes
   * one of its own, so that a loaded machine does not resend them).
   */
  stalledWithin?: (deadlineMs: number) => number | undefined;
}

/**
 * Pings a dependency every `everyMs`, and whenever `check` is called (as /readyz does), so that
 * losing it and getting it back are each logged once, even with no request and no probe.
 *
 * Answers count in the order their pings started. Under load a ping can resolve after a newer
 * one, and its answer describes an older state: applied late, an answer from before an outage
 * logged the outage as over and the next ping logged it again.
 *
 * A ping that ran out while the event loop stood still (`stallBehind`) says nothing of the
 * dependency, whose answer may be waiting unread: it is noted and sent again, and only the
 * second answer counts.
 */
export function watchDependency(logger: Logger, options: DependencyWatchOptions) {
  const outage = createOutageLog(logger, {
    dependency: options.dependency,
    host: options.host,
    deadlineMs: options.requestDeadlineMs,
  });
  const stalledWithin = options.stalledWithin ?? stallBehind;
  let stopped = false;
  let started = 0;
  let newestApplied = 0;
  let timerPingRunning = false;

  const check = async (): Promise<boolean> => {
    started += 1;
    const order = started;
    let answered = await options.ping();
    const stalledMs = answered ? undefined : stalledWithin(options.pingDeadlineMs);
    if (stalledMs !== undefined) {
      outage.lateBecauseBusy(stalledMs);
      answered = await options.ping();
    }
    if (!stopped && order > newestApplied) {
      newestApplied = order;
      if (answered) outage.reachable();
      else outage.unreachable(options.failure);
    }
    return answered;
  };

  const timer = setInterval(() => {
    if (timerPingRunning) return;
    timerPingRunning = true;
    void check().finally(() => (timerPingRunning = false));
  }, options.everyMs);
  timer.unref();

  return {
    check,
    stop: () => {
      stopped = true;
      clearInterval(timer);
      outage.close();
    },
  };
}
