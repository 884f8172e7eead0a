import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { PRECONDITION_FAILED_MESSAGE } from '@repo/common';
import { describePreconditions, type ConditionalResource } from '@repo/common/testing';
import { AUTH, buildApp, createBook, unique } from './support.js';

const { app } = buildApp();

function bookAt(id: number): ConditionalResource {
  return {
    read: () => request(app).get(`/books/${id}`),
    change: (step) =>
      request(app)
        .patch('/books')
        .set('Authorization', AUTH)
        .send({ id, title: `title ${step}` }),
    remove: () => request(app).delete('/books').set('Authorization', AUTH).send({ id }),
  };
}

describePreconditions('GET /books/{id}, PATCH and DELETE /books', {
  async create() {
    const book = await createBook(app, { title: unique('title'), author: unique('author') });
    return bookAt(book.id);
  },
  missing: () => bookAt(1),
  // DELETE of a missing book is a 200 without the condition, so with it the condition fails.
  missingStatus: { change: 404, remove: 412 },
  expectPreconditionFailed(response) {
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.text).toBe(PRECONDITION_FAILED_MESSAGE);
  },
});

describe('book versions', () => {
  it('when a book is created, then its ETag is "0", and each PATCH answers the next one', async () => {
    const book = await createBook(app, { title: unique('title'), author: unique('author') });
    expect((await bookAt(book.id).read()).headers.etag).toBe('"0"');
    for (const expected of ['"1"', '"2"']) {
      const patched = await bookAt(book.id).change(0);
      expect(patched.status).toBe(200);
      expect(patched.headers.etag).toBe(expected);
    }
    expect((await bookAt(book.id).read()).body).not.toHaveProperty('version');
  });

  it('when a PATCH without If-Match is sent, then it is applied as before', async () => {
    const book = await createBook(app, { title: unique('title'), author: unique('author') });
    expect((await bookAt(book.id).change(3)).status).toBe(200);
    expect((await bookAt(book.id).read()).body.title).toBe('title 3');
  });
});
