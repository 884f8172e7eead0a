/** How one service ended: its exit code, or the signal that ended its process. */
export interface ServiceExit {
  name: string;
  exitCode: number | string;
}

/** The services the launcher started, whether each runs as a thread or as a process of its own. */
export interface RunningServices {
  /** Calls `listener` as each service ends, with how it ended. */
  onExit: (listener: (exit: ServiceExit) => void) => void;
  /** Settles once every service has ended, with how each did. */
  closed: Promise<ServiceExit[]>;
  /** A polite stop to each service, a forced one to what is left after the grace period; resolves when all are gone. */
  stop: (graceMs: number) => Promise<void>;
  /** Ends every service at once (second Ctrl-C, launcher crash). */
  killNow: () => void;
}
