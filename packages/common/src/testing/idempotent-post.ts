import type { Express } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  IDEMPOTENT_REPLAYED_HEADER,
  MALFORMED_KEY_MESSAGE,
  MAX_IDEMPOTENCY_KEY_LENGTH,
} from '../idempotency/key.js';
import { KEY_IN_FLIGHT_MESSAGE, KEY_REUSED_MESSAGE } from '../idempotency/middleware.js';
import type { IdempotencyStore, StoredResponse } from '../idempotency/store.js';

/** A request's path and headers (the caller's token, when the route has one). */
export interface Caller {
  path: string;
  headers?: Readonly<Record<string, string>>;
}

/** A POST route that takes an Idempotency-Key, as `describeIdempotentPost` exercises it. */
export interface IdempotentPostTarget {
  /** An app of the service whose key store is `idempotency` (over the file's data). */
  app(idempotency: IdempotencyStore): Express;
  /** An app whose creation fails with a 5xx, over the same data and key store. */
  failingApp(idempotency: IdempotencyStore): Express;
  /** A key store over the file's data; every store it returns sees the same keys (one database). */
  store(): IdempotencyStore;
  caller: Caller;
  /** Another caller of the same route (another token or customer), when the route has callers. */
  otherCaller?: Caller;
  /** A body the route creates from; each call a new one. */
  body(): object;
  /** How many resources are stored now (what a replay must not change). */
  count(): Promise<number>;
}

let keys = 0;
function newKey(): string {
  keys += 1;
  return `key-${process.pid}-${Date.now()}-${keys}`;
}

function post(app: Express, { path, headers = {} }: Caller, body: object, key?: string) {
  const sent = request(app).post(path).set(headers);
  return (key === undefined ? sent : sent.set('Idempotency-Key', key)).send(body);
}

/** A store whose `complete` waits until `release` is called: the first request stays in flight. */
function heldStore(store: IdempotencyStore): {
  store: IdempotencyStore;
  release: () => void;
  completing: Promise<void>;
} {
  let release = (): void => undefined;
  let started = (): void => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const completing = new Promise<void>((resolve) => (started = resolve));
  return {
    store: {
      claim: (id, fingerprint, now) => store.claim(id, fingerprint, now),
      release: (id) => store.release(id),
      async complete(id: string, response: StoredResponse) {
        started();
        await gate;
        await store.complete(id, response);
      },
    },
    release,
    completing,
  };
}

/**
 * The Idempotency-Key promises of one POST route, over HTTP: without a key nothing changes; a
 * repeated keyed request is answered from the store byte for byte, by this app or another one
 * over the same store, and creates nothing; a key reused for another body is a 422, a repeat while
 * the first runs a 409, a malformed key a 400, each in the service's error body; another caller's
 * key is its own; a failed (5xx) request leaves the key free.
 */
export function describeIdempotentPost(route: string, target: IdempotentPostTarget): void {
  describe(`${route} with an Idempotency-Key`, () => {
    it('when no key is sent, then each POST creates as before, without Idempotent-Replayed', async () => {
      const app = target.app(target.store());
      const before = await target.count();
      const body = target.body();
      const first = await post(app, target.caller, body);
      const second = await post(app, target.caller, body);
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(second.text).not.toBe(first.text);
      expect(second.headers['idempotent-replayed']).toBeUndefined();
      expect(await target.count()).toBe(before + 2);
    });

    it('when the same request is sent again with the same key, then the first answer comes back byte for byte, marked replayed, and nothing more is created', async () => {
      const app = target.app(target.store());
      const key = newKey();
      const body = target.body();
      const before = await target.count();
      const first = await post(app, target.caller, body, key);
      const again = await post(app, target.caller, body, key);
      expect(first.status).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(again.status).toBe(201);
      expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
      expect(again.text).toBe(first.text);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.headers.location).toBe(first.headers.location);
      expect(await target.count()).toBe(before + 1);
    });

    it('when another app over the same store gets the repeat, then it answers the stored response too', async () => {
      const key = newKey();
      const body = target.body();
      const before = await target.count();
      const first = await post(target.app(target.store()), target.caller, body, key);
      const again = await post(target.app(target.store()), target.caller, body, key);
      expect(first.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.text).toBe(first.text);
      expect(await target.count()).toBe(before + 1);
    });

    it('when the key is sent again with another body, then 422 in the service error body and nothing is created', async () => {
      const app = target.app(target.store());
      const key = newKey();
      expect((await post(app, target.caller, target.body(), key)).status).toBe(201);
      const before = await target.count();
      const reused = await post(app, target.caller, target.body(), key);
      expect(reused.status).toBe(422);
      expect(reused.text).toContain(KEY_REUSED_MESSAGE);
      expect(await target.count()).toBe(before);
    });

    it('when the key is sent again while the first request is still running, then 409 and the first one still completes', async () => {
      const held = heldStore(target.store());
      const app = target.app(held.store);
      const key = newKey();
      const body = target.body();
      const first = post(app, target.caller, body, key).then((response) => response);
      await held.completing;
      const concurrent = await post(target.app(target.store()), target.caller, body, key);
      expect(concurrent.status).toBe(409);
      expect(concurrent.text).toContain(KEY_IN_FLIGHT_MESSAGE);
      held.release();
      const done = await first;
      expect(done.status).toBe(201);
      const replay = await post(app, target.caller, body, key);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.text).toBe(done.text);
    });

    it.each([
      ['empty', ''],
      [`over ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`, 'k'.repeat(MAX_IDEMPOTENCY_KEY_LENGTH + 1)],
      ['holding a space', 'two words'],
      ['holding a tab', 'tab\there'],
      ['holding a character outside ASCII', 'cl\u00e9'],
    ])(
      'when the key is %s, then 400 in the service error body and nothing is created',
      async (_what, key) => {
        const app = target.app(target.store());
        const before = await target.count();
        const response = await post(app, target.caller, target.body(), key);
        expect(response.status).toBe(400);
        expect(response.text).toContain(MALFORMED_KEY_MESSAGE);
        expect(await target.count()).toBe(before);
      },
    );

    it(`when the key is exactly ${MAX_IDEMPOTENCY_KEY_LENGTH} visible characters, then it is taken`, async () => {
      const app = target.app(target.store());
      const key = `${newKey()}~`.padEnd(MAX_IDEMPOTENCY_KEY_LENGTH, '!');
      const body = target.body();
      expect((await post(app, target.caller, body, key)).status).toBe(201);
      expect((await post(app, target.caller, body, key)).headers['idempotent-replayed']).toBe(
        'true',
      );
    });

    it('when the first request fails with a 5xx, then the answer is not kept and a retry with the key is processed', async () => {
      const key = newKey();
      const body = target.body();
      const failed = await post(target.failingApp(target.store()), target.caller, body, key);
      expect(failed.status).toBeGreaterThanOrEqual(500);
      const before = await target.count();
      const retried = await post(target.app(target.store()), target.caller, body, key);
      expect(retried.status).toBe(201);
      expect(retried.headers['idempotent-replayed']).toBeUndefined();
      expect(await target.count()).toBe(before + 1);
    });

    const { otherCaller } = target;
    if (otherCaller !== undefined) {
      it('when another caller sends the same key, then it is another key: a new resource', async () => {
        const app = target.app(target.store());
        const key = newKey();
        const body = target.body();
        const mine = await post(app, target.caller, body, key);
        const before = await target.count();
        const theirs = await post(app, otherCaller, body, key);
        expect([mine.status, theirs.status]).toEqual([201, 201]);
        expect(theirs.headers['idempotent-replayed']).toBeUndefined();
        expect(theirs.text).not.toBe(mine.text);
        expect(await target.count()).toBe(before + 1);
      });
    }
  });
}
