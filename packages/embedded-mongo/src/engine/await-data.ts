import { Long, type Document } from 'bson';
import { isPlainObject } from '../values/types.js';
import type { CursorManager } from './cursors.js';

/** How long an empty getMore on an awaitData cursor waits when it names no maxTimeMS. */
const DEFAULT_AWAIT_MS = 1000;
const POLL_MS = 10;

function millis(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (value instanceof Long) return value.toNumber();
  return undefined;
}

/**
 * A getMore on a tailable `awaitData` cursor that found nothing new: MongoDB holds such a reply
 * back until documents arrive or `maxTimeMS` passes, so a tailing client is not sent empty
 * batches in a busy loop. Returns how long to wait, or undefined when the reply can go now.
 */
export function awaitDataWait(
  body: Document,
  reply: Document,
  cursors: CursorManager,
): number | undefined {
  if (body['getMore'] === undefined || reply['ok'] !== 1) return undefined;
  const cursor: unknown = reply['cursor'];
  if (!isPlainObject(cursor) || !Array.isArray(cursor['nextBatch'])) return undefined;
  if (cursor['nextBatch'].length > 0 || !(cursor['id'] instanceof Long) || cursor['id'].isZero()) {
    return undefined;
  }
  if (!cursors.get(cursor['id'].toBigInt())?.awaitData) return undefined;
  return millis(body['maxTimeMS']) ?? DEFAULT_AWAIT_MS;
}

/** Runs the getMore again every few milliseconds until it returns documents or time is up. */
export function awaitMore(
  run: () => Document,
  waitMs: number,
  stopped: () => boolean,
  cursors: CursorManager,
  body: Document,
): Promise<Document> {
  const deadline = Date.now() + waitMs;
  return new Promise((resolve) => {
    const poll = (): void => {
      const reply = run();
      const again = awaitDataWait(body, reply, cursors) !== undefined;
      if (!again || Date.now() >= deadline || stopped()) resolve(reply);
      else setTimeout(poll, POLL_MS);
    };
    setTimeout(poll, POLL_MS);
  });
}
