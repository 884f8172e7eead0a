import type { Logger } from '@repo/common';

/**
 * One line when a loop of the broker's starts failing (NATS, or the database it reads) and one when
 * it works again, however many tries come between: a relay that retries every few seconds for an
 * hour logs two lines.
 */
export function outageNote(logger: Logger, what: string) {
  let since: number | undefined;
  let tries = 0;
  return {
    failed(error: unknown): void {
      tries += 1;
      if (since !== undefined) return;
      since = Date.now();
      logger.warn(
        { err: error },
        `${what} failed; order events are delayed, retrying with backoff`,
      );
    },
    recovered(fields: Record<string, unknown> = {}): void {
      if (since === undefined) return;
      logger.info({ ...fields, downMs: Date.now() - since, tries }, `${what} works again`);
      since = undefined;
      tries = 0;
    },
    get failing(): boolean {
      return since !== undefined;
    },
  };
}
