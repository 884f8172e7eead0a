interface ExitFlush {
  target: WeakRef<object>;
  flush: (target: object) => void;
}

/** Held weakly: registering an object never keeps it alive. Flushed in registration order. */
const registered = new Set<ExitFlush>();
let exitHookInstalled = false;

/**
 * Calls `flush(target)` when the process exits, however it exits (`process.exit`, the end of the
 * event loop, an uncaught exception), if `target` is still alive then. For lines held in memory
 * that must reach their destination before the process is gone.
 */
export function flushAtExit<T extends object>(target: T, flush: (target: T) => void): void {
  registered.add({ target: new WeakRef(target), flush: flush as (target: object) => void });
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const entry of registered) {
      const live = entry.target.deref();
      if (live !== undefined) entry.flush(live);
    }
  });
}
