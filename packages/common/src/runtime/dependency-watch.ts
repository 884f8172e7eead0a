import type { Logger } from 'pino';
import { createOutageLog } from './outage-log.js';

export interface DependencyWatchOptions {
  /** What the log lines call it (`database`) and where it is. */
  dependency: string;
  host: string;
  /** True when the dependency answered; never rejects. */
  ping: () => Promise<boolean>;
  /** Why a failed ping counts as the dependency being gone, for the `unreachable` line. */
  failure: string;
  everyMs: number;
}

/**
 * Pings a dependency every `everyMs`, and whenever `check` is called (as /readyz does), so that
 * losing it and getting it back are each logged once, even with no request and no probe.
 *
 * Answers count in the order their pings started. Under load a ping can resolve after a newer
 * one, and its answer describes an older state: applied late, an answer from before an outage
 * logged the outage as over and the next ping logged it again.
 */
export function watchDependency(logger: Logger, options: DependencyWatchOptions) {
  const outage = createOutageLog(logger, { dependency: options.dependency, host: options.host });
  let stopped = false;
  let started = 0;
  let newestApplied = 0;
  let timerPingRunning = false;

  const check = async (): Promise<boolean> => {
    started += 1;
    const order = started;
    const answered = await options.ping();
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
