/**
 * The flushes of holders with lines waiting. Held strongly: whether waiting lines are written
 * must not depend on whether anything still refers to their holder.
 */
const armed = new Set<() => void>();
let exitHookInstalled = false;

/** A holder's exit flush: armed while it holds lines, disarmed once they are written. */
export interface ExitFlush {
  arm: () => void;
  disarm: () => void;
}

function flushArmed(): void {
  // A snapshot, so that a flush which hands lines to another holder (the request log to its
  // logger's sink) cannot make this loop run forever. Each flush writes its lines all the way
  // to their destination, so the holders it hands them to need no second pass.
  for (const flush of [...armed]) flush();
}

/**
 * Calls `flush` when the process exits, however it exits (`process.exit`, the end of the event
 * loop, an uncaught exception), if it is armed then. For lines held in memory that must reach
 * their destination before the process is gone.
 *
 * Only an armed flush is held, so a holder that is dropped with nothing waiting is not kept
 * alive, and one dropped with lines waiting still has them written. (A weak reference to the
 * holder lost those lines: the holder object can be collected while its timer's closure still
 * holds the lines.)
 */
export function exitFlush(flush: () => void): ExitFlush {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', flushArmed);
  }
  return {
    arm: () => {
      armed.add(flush);
    },
    disarm: () => {
      armed.delete(flush);
    },
  };
}
