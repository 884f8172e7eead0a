import { setTimeout as sleep } from 'node:timers/promises';
import { MongoServerError } from 'mongodb';

/**
 * Tries a write until it is acknowledged, 50 ms apart: space freed on a full disk is seen once
 * LMDB has caught up. Any error but the server's refusal, or the last refusal, is thrown.
 */
export async function eventually(write: () => Promise<unknown>, attempts = 100): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await write();
      return;
    } catch (err) {
      if (!(err instanceof MongoServerError) || attempt >= attempts) throw err;
      await sleep(50);
    }
  }
}
