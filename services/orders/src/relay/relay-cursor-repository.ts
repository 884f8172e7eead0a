import type { Db } from 'mongodb';
import type { EventKey } from '../domain/order-event.js';

export const RELAY_COLLECTION = 'order_event_relay';
const CURSOR_ID = 'ORDERS';

interface CursorDocument {
  _id: string;
  atMs: number;
  orderId: string;
  seq: number;
  updatedAt: Date;
}

/** Every event at or before `key`, as a filter on the stored cursor: it only moves forward. */
function before(key: EventKey) {
  return {
    $or: [
      { atMs: { $lt: key.atMs } },
      { atMs: key.atMs, orderId: { $lt: key.orderId } },
      { atMs: key.atMs, orderId: key.orderId, seq: { $lt: key.seq } },
    ],
  };
}

/** Where the relay stands: every event at or before the cursor has been published. */
export interface RelayCursorRepository {
  /** The stored cursor, or `start` stored as the first one when there is none (the first start). */
  readOrStart(start: EventKey): Promise<EventKey>;
  /** Moves the cursor forward to `key`; a cursor already past it stays. */
  advance(key: EventKey): Promise<void>;
}

export function createRelayCursorRepository(db: Db): RelayCursorRepository {
  const collection = db.collection<CursorDocument>(RELAY_COLLECTION);
  return {
    async readOrStart(start) {
      // Every replica may start at once: the first insert wins and the others read it.
      await collection.updateOne(
        { _id: CURSOR_ID },
        { $setOnInsert: { ...start, updatedAt: new Date() } },
        { upsert: true },
      );
      const stored = await collection.findOne({ _id: CURSOR_ID });
      if (stored === null) throw new Error('the relay cursor vanished after its upsert');
      return { atMs: stored.atMs, orderId: stored.orderId, seq: stored.seq };
    },
    async advance(key) {
      await collection.updateOne(
        { _id: CURSOR_ID, ...before(key) },
        { $set: { ...key, updatedAt: new Date() } },
      );
    },
  };
}
