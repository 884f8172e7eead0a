import type { ServerParameters } from '../parameters.js';
import type { Engine } from './engine.js';
import { expireDocuments } from './ttl.js';

/**
 * MongoDB's TTL monitor: every `ttlMonitorSleepSecs` it deletes the documents TTL indexes have
 * expired, so a document may outlive its expiry by up to one period. Its timer is unref'd (it
 * never keeps the process alive) and a new period applies from the moment it is set.
 */
export class TtlMonitor {
  readonly #engine: Engine;
  readonly #parameters: ServerParameters;
  readonly #onError: (err: unknown) => void;
  readonly #unsubscribe: () => void;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(engine: Engine, parameters: ServerParameters, onError: (err: unknown) => void) {
    this.#engine = engine;
    this.#parameters = parameters;
    this.#onError = onError;
    this.#unsubscribe = parameters.onChange((name) => {
      if (name === 'ttlMonitorSleepSecs') this.#schedule();
    });
    this.#schedule();
  }

  #schedule(): void {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    const period = this.#parameters.get('ttlMonitorSleepSecs') * 1000;
    this.#timer = setTimeout(() => this.#pass(), period).unref();
  }

  #pass(): void {
    try {
      if (this.#parameters.get('ttlMonitorEnabled')) {
        expireDocuments(this.#engine);
        // Runs between commands (all of them are synchronous), so the deletions commit alone;
        // refused ones are undone and tried again next pass.
        const refused = this.#engine.commit();
        if (refused !== undefined) this.#onError(refused);
      }
    } catch (err) {
      this.#onError(err);
    }
    this.#schedule();
  }

  /** Stops the timer (the deletions of a pass are durable once the pass returns). */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#unsubscribe();
  }
}
