import { Binary, MongoServerError, type Db } from 'mongodb';
import {
  DEFAULT_CLAIM_LEASE_MS,
  isStale,
  type IdempotencyStore,
  type IdempotencyStoreOptions,
  type StoredResponse,
} from '../idempotency/store.js';

export const IDEMPOTENCY_COLLECTION = 'idempotencyKeys';

const DUPLICATE_KEY = 11000;
const CLAIM_ATTEMPTS = 3;

interface KeyDocument {
  /** `keyRecordId`: unique, so a claim is one insert. */
  _id: string;
  fingerprint: string;
  claimedAt: Date;
  /** The TTL index's field. */
  expiresAt: Date;
  response?: { status: number; headers: Record<string, string>; body: Binary };
}

function isDuplicateKey(error: unknown): boolean {
  return error instanceof MongoServerError && error.code === DUPLICATE_KEY;
}

function storedResponseOf(document: KeyDocument): StoredResponse | undefined {
  const { response } = document;
  if (response === undefined) return undefined;
  return { status: response.status, headers: response.headers, body: response.body.buffer };
}

export interface MongoIdempotencyStore extends IdempotencyStore {
  /**
   * Creates the TTL index (once, at start-up); without it keys still expire but are never
   * deleted.
   */
  ensureIndexes(): Promise<void>;
}

/**
 * Keys in MongoDB, shared by every replica and kept across restarts. A claim is an insert on the
 * unique `_id`; an expired key counts as absent before the TTL monitor deletes it.
 */
export function createMongoIdempotencyStore(
  db: Db,
  { ttlSeconds, leaseMs = DEFAULT_CLAIM_LEASE_MS }: IdempotencyStoreOptions,
): MongoIdempotencyStore {
  const keys = db.collection<KeyDocument>(IDEMPOTENCY_COLLECTION);

  const newClaim = (id: string, fingerprint: string, now: Date): KeyDocument => ({
    _id: id,
    fingerprint,
    claimedAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  });

  return {
    async ensureIndexes() {
      await keys.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'expiresAt_ttl' });
    },
    async claim(id, fingerprint, now) {
      // Each turn either settles or saw the key change under it (released, expired, taken over).
      for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt += 1) {
        try {
          await keys.insertOne(newClaim(id, fingerprint, now));
          return { claimed: true };
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
        const found = await keys.findOne({ _id: id });
        if (found === null) continue;
        const stale = isStale(
          {
            response: found.response,
            claimedAt: found.claimedAt.getTime(),
            expiresAt: found.expiresAt.getTime(),
          },
          now.getTime(),
          leaseMs,
        );
        if (!stale) {
          const record = { fingerprint: found.fingerprint, response: storedResponseOf(found) };
          return { claimed: false, record };
        }
        // Only the request that replaces this very claim takes the key over.
        const { modifiedCount } = await keys.replaceOne(
          { _id: id, claimedAt: found.claimedAt },
          newClaim(id, fingerprint, now),
        );
        if (modifiedCount === 1) return { claimed: true };
      }
      // The key kept changing hands: another request holds it now.
      return { claimed: false, record: { fingerprint } };
    },
    async complete(id, { status, headers, body }) {
      await keys.updateOne(
        { _id: id },
        { $set: { response: { status, headers: { ...headers }, body: new Binary(body) } } },
      );
    },
    async release(id) {
      await keys.deleteOne({ _id: id });
    },
  };
}
