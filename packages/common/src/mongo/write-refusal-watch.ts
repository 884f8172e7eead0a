import type { Logger } from 'pino';
import { writeRefusalReason } from './database-errors.js';

export interface WriteRefusalWatchOptions {
  host: string;
  /**
   * A write to a scratch collection, tried only while writes are refused: its success is how
   * the service learns, with no restart and no write per probe, that space was freed.
   */
  probeWrite: () => Promise<unknown>;
  everyMs: number;
}

/**
 * Whether the database refuses writes (a full disk), learnt from the errors the service's own
 * operations get (`noteFailure`): logged once when it starts and once when it ends, and read by
 * `/readyz` (`refusal`). While it holds, `probeWrite` runs every `everyMs` until one succeeds.
 */
export function watchWriteRefusals(logger: Logger, options: WriteRefusalWatchOptions) {
  let refusedSince: number | undefined;
  let reason: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let probing = false;

  const recovered = (): void => {
    if (refusedSince === undefined) return;
    clearInterval(timer);
    timer = undefined;
    logger.info(
      { dependency: 'database', host: options.host, refusedMs: Date.now() - refusedSince },
      'database accepts writes again',
    );
    refusedSince = undefined;
    reason = undefined;
  };

  const probe = (): void => {
    if (probing) return;
    probing = true;
    options
      .probeWrite()
      .then(recovered, () => undefined)
      .finally(() => (probing = false));
  };

  return {
    noteFailure: (error: unknown): void => {
      const refused = writeRefusalReason(error);
      if (refused === undefined || refusedSince !== undefined) return;
      refusedSince = Date.now();
      reason = refused;
      logger.error({ dependency: 'database', host: options.host, reason }, reason);
      timer = setInterval(probe, options.everyMs);
      timer.unref();
    },
    /** Why writes are refused, or undefined while they are not. */
    refusal: (): string | undefined => reason,
    stop: (): void => clearInterval(timer),
  };
}
