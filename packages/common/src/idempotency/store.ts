/** A response as it was sent, kept to be sent again byte for byte. */
export interface StoredResponse {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: Uint8Array;
}

/** What a key holds: the request it was first used for and, once answered, the answer. */
export interface KeyRecord {
  fingerprint: string;
  response?: StoredResponse;
}

/** `claimed`: the request is the key's first (or the earlier use expired or was abandoned). */
export type Claim = { claimed: true } | { claimed: false; record: KeyRecord };

/**
 * Where keys live. `claim` is atomic: of two requests claiming one key at once, exactly one gets
 * `claimed`. A claim not completed within `leaseMs` (its process stopped mid-request) may be taken
 * over; a record is forgotten `ttlSeconds` after it was claimed.
 */
export interface IdempotencyStore {
  claim(id: string, fingerprint: string, now: Date): Promise<Claim>;
  complete(id: string, response: StoredResponse): Promise<void>;
  /** Forgets a claimed key whose request failed (5xx), so the client may retry it. */
  release(id: string): Promise<void>;
}

export interface IdempotencyStoreOptions {
  /** `IDEMPOTENCY_TTL_SECONDS`. */
  ttlSeconds: number;
  leaseMs?: number;
}

/** Longer than any request may run (database work is cut at `MONGODB_OPERATION_TIMEOUT_MS`). */
export const DEFAULT_CLAIM_LEASE_MS = 60_000;

interface MemoryRecord extends KeyRecord {
  claimedAt: number;
  expiresAt: number;
}

/** True when a stored claim no longer holds its key: expired, or abandoned unanswered. */
export function isStale(
  record: { response?: unknown; claimedAt: number; expiresAt: number },
  now: number,
  leaseMs: number,
): boolean {
  return (
    record.expiresAt <= now || (record.response === undefined && record.claimedAt + leaseMs <= now)
  );
}

/** Keys in the process's memory, for a service whose data lives there too (books). */
export function createMemoryIdempotencyStore({
  ttlSeconds,
  leaseMs = DEFAULT_CLAIM_LEASE_MS,
}: IdempotencyStoreOptions): IdempotencyStore {
  const records = new Map<string, MemoryRecord>();
  // Records are inserted in claim order and all live equally long, so the expired ones are first.
  const forgetExpired = (now: number): void => {
    for (const [id, record] of records) {
      if (record.expiresAt > now) return;
      records.delete(id);
    }
  };
  return {
    claim(id, fingerprint, now) {
      const at = now.getTime();
      forgetExpired(at);
      const found = records.get(id);
      if (found !== undefined && !isStale(found, at, leaseMs)) {
        return Promise.resolve({ claimed: false, record: found });
      }
      records.delete(id);
      records.set(id, { fingerprint, claimedAt: at, expiresAt: at + ttlSeconds * 1000 });
      return Promise.resolve({ claimed: true });
    },
    complete(id, response) {
      const found = records.get(id);
      if (found !== undefined) found.response = response;
      return Promise.resolve();
    },
    release(id) {
      records.delete(id);
      return Promise.resolve();
    },
  };
}
