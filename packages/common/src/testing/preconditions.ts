import type { Response, Test } from 'supertest';
import { describe, expect, it } from 'vitest';

/** One stored resource, as a service's test reaches it over HTTP (tokens and all). */
export interface ConditionalResource {
  /** GET of the resource. */
  read(): Test;
  /**
   * A PATCH that changes the representation a `step`-th time (0 for the first change of a new
   * resource, 1 for the next): a resource whose changes follow an order, such as a status that
   * moves forward, sends the move for that step. The suite adds `If-Match`.
   */
  change(step: number): Test;
  /** DELETE of the resource; the suite adds `If-Match`. */
  remove(): Test;
}

export interface PreconditionSuite {
  /** Creates a fresh resource (every test starts from its own). */
  create(): Promise<ConditionalResource>;
  /** A resource no stored one has the id of. */
  missing(): ConditionalResource;
  /**
   * The answer to a conditional PATCH and DELETE of a missing resource: the answer without
   * `If-Match` when that is not a success (RFC 9110 13.2.1), else 412.
   */
  missingStatus: { change: number; remove: number };
  /** Holds a 412 to the service's own error body. */
  expectPreconditionFailed(response: Response): void;
}

const STRONG_TAG = /^"[0-9]+"$/;
const CONCURRENT_WRITES = 50;

async function currentTag(resource: ConditionalResource): Promise<string> {
  const response = await resource.read();
  expect(response.status).toBe(200);
  const tag = response.headers.etag;
  expect(tag).toMatch(STRONG_TAG);
  return String(tag);
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/**
 * The tests of RFC 9110's preconditions every resource with a strong ETag passes: the tag,
 * `If-None-Match` on GET, and `If-Match` on PATCH and DELETE (a stale or weak tag is a 412 and
 * writes nothing; `*` or a list holding the current tag writes), including 50 concurrent PATCHes
 * holding one tag, of which exactly one is applied.
 */
export function describePreconditions(name: string, suite: PreconditionSuite): void {
  describe(`${name}: preconditions`, () => {
    it('when the resource is read, then it carries a strong ETag that If-None-Match turns into a 304', async () => {
      const resource = await suite.create();
      const tag = await currentTag(resource);
      const again = await resource.read().set('If-None-Match', tag);
      expect(again.status).toBe(304);
      expect(again.headers.etag).toBe(tag);
      const weak = await resource.read().set('If-None-Match', `W/${tag}`);
      expect(weak.status).toBe(304);
    });

    it('when a PATCH carries the current ETag, then it is applied and the ETag changes', async () => {
      const resource = await suite.create();
      const before = await currentTag(resource);
      const changed = await resource.change(0).set('If-Match', before);
      expect(changed.status).toBe(200);
      const after = await currentTag(resource);
      expect(after).not.toBe(before);
      if (changed.headers.etag !== undefined) expect(changed.headers.etag).toBe(after);
      const stale = await resource.read().set('If-None-Match', before);
      expect(stale.status).toBe(200);
    });

    it('when a PATCH carries a stale ETag, then 412 with the error body and nothing is written', async () => {
      const resource = await suite.create();
      const stale = await currentTag(resource);
      expect((await resource.change(0)).status).toBe(200);
      const read = await resource.read();
      const refused = await resource.change(1).set('If-Match', stale);
      expect(refused.status).toBe(412);
      suite.expectPreconditionFailed(refused);
      const after = await resource.read();
      expect(after.headers.etag).toBe(read.headers.etag);
      expect(after.body).toEqual(read.body);
    });

    it('when If-Match holds the weak form of the current ETag, or only other tags, or is malformed, then 412', async () => {
      const resource = await suite.create();
      const tag = await currentTag(resource);
      for (const ifMatch of [`W/${tag}`, '"no-such-tag", "999999"', `${tag} ,x`, tag.slice(1)]) {
        const refused = await resource.change(0).set('If-Match', ifMatch);
        expect(refused.status, ifMatch).toBe(412);
        suite.expectPreconditionFailed(refused);
      }
      expect(await currentTag(resource)).toBe(tag);
    });

    it('when If-Match is * or a list that holds the current ETag, then the PATCH is applied', async () => {
      const resource = await suite.create();
      expect((await resource.change(0).set('If-Match', '*')).status).toBe(200);
      const tag = await currentTag(resource);
      const listed = await resource.change(1).set('If-Match', `W/${tag}, "no-such-tag",, ${tag}`);
      expect(listed.status).toBe(200);
      expect(await currentTag(resource)).not.toBe(tag);
    });

    it(`when ${CONCURRENT_WRITES} PATCHes carry the same ETag at once, then exactly one is applied and the others get 412`, async () => {
      const resource = await suite.create();
      const tag = await currentTag(resource);
      const answers = await Promise.all(
        Array.from({ length: CONCURRENT_WRITES }, () => resource.change(0).set('If-Match', tag)),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter(isSuccess)).toHaveLength(1);
      expect(statuses.filter((status) => status === 412)).toHaveLength(CONCURRENT_WRITES - 1);
      const winner = answers.find((answer) => isSuccess(answer.status));
      const after = await resource.read();
      if (winner?.headers.etag !== undefined) expect(after.headers.etag).toBe(winner.headers.etag);
      expect(after.headers.etag).not.toBe(tag);
    });

    it('when a DELETE carries another ETag than the current one, then 412 and the resource stays; with the current one it goes', async () => {
      const resource = await suite.create();
      const current = await currentTag(resource);
      for (const ifMatch of ['"424242"', `W/${current}`]) {
        const refused = await resource.remove().set('If-Match', ifMatch);
        expect(refused.status, ifMatch).toBe(412);
        suite.expectPreconditionFailed(refused);
      }
      expect(await currentTag(resource)).toBe(current);
      const removed = await resource.remove().set('If-Match', current);
      expect(isSuccess(removed.status)).toBe(true);
      expect((await resource.read()).status).toBe(404);
    });

    it('when the resource does not exist, then a conditional PATCH or DELETE gets the answer it gets without the condition, or 412 where that is a success', async () => {
      const missing = suite.missing();
      const changed = await missing.change(0).set('If-Match', '*');
      expect(changed.status).toBe(suite.missingStatus.change);
      const removed = await missing.remove().set('If-Match', '"0"');
      expect(removed.status).toBe(suite.missingStatus.remove);
      if (removed.status === 412) suite.expectPreconditionFailed(removed);
    });
  });
}
