import type { BaselineRoute } from '../baselines/types.js';

/** A listening baseline: stopped on SIGTERM. */
export interface RunningBaseline {
  /** The port it listens on (the one asked for, or the one given for 0). */
  port: number;
  close: () => Promise<void>;
}

/** Where an idiomatic baseline's log lines go: stdout (a file, in the bench) unless a test asks. */
export interface LogDestination {
  write: (line: string) => void;
}

/** Serves one baseline route with one framework, in that framework's ordinary way. */
export type BaselineServer = (
  route: BaselineRoute,
  port: number,
  log?: LogDestination,
) => Promise<RunningBaseline>;
