import type { BaselineRoute } from '../baselines/types.js';

/** A listening baseline: stopped on SIGTERM. */
export interface RunningBaseline {
  /** The port it listens on (the one asked for, or the one given for 0). */
  port: number;
  close: () => Promise<void>;
}

/** Serves one baseline route with one framework, in that framework's ordinary way. */
export type BaselineServer = (route: BaselineRoute, port: number) => Promise<RunningBaseline>;
