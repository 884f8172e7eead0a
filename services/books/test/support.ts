import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import request from 'supertest';
import { expect } from 'vitest';
import {
  createMemoryIdempotencyStore,
  DEFAULT_IDEMPOTENCY_TTL_SECONDS,
  silentLogger,
  type IdempotencyStore,
  type Logger,
  type Throttle,
} from '@repo/common';
import { useResponseContract } from '@repo/common/testing';
import { apiDocument, createApp } from '../src/app.js';
import { createBooksRepository, type BooksRepository } from '../src/data/books-repository.js';
import type { Book } from '../src/domain/book.js';

/** Every response of the apps built here is checked against the service's OpenAPI document. */
const contract = useResponseContract(apiDocument());

/** Deliberately not the development default, so the tests prove the configured token is used. */
export const TOKEN = 'test-books-token';
export const AUTH = `Bearer ${TOKEN}`;

export interface TestAppOptions {
  /** The time ids are made from; tests that need known ids freeze it. */
  clock?: () => Date;
  books?: BooksRepository;
  idempotency?: IdempotencyStore;
  logger?: Logger;
  throttle?: Throttle;
}

/** The app as `service.ts` builds it, over a new, empty in-memory store, with a silent logger. */
export function buildApp(options: TestAppOptions = {}): { app: Express; books: BooksRepository } {
  const books = options.books ?? createBooksRepository({ clock: options.clock });
  const app = contract.check(
    createApp({
      books,
      token: TOKEN,
      idempotency:
        options.idempotency ??
        createMemoryIdempotencyStore({ ttlSeconds: DEFAULT_IDEMPOTENCY_TTL_SECONDS }),
      logger: options.logger ?? silentLogger(),
      throttle: options.throttle,
    }),
  );
  return { app, books };
}

/** A title or author no other test uses. */
export function unique(label: string): string {
  return `${label} ${randomUUID()}`;
}

export async function createBook(app: Express, body: Record<string, unknown>): Promise<Book> {
  const res = await request(app).post('/books').set('Authorization', AUTH).send(body);
  expect(res.status).toBe(201);
  return res.body as Book;
}

export async function listBooks(app: Express, query: Record<string, string> = {}): Promise<Book[]> {
  const res = await request(app).get('/books').query(query);
  expect(res.status).toBe(200);
  return res.body as Book[];
}
