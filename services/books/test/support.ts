import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import request from 'supertest';
import { expect } from 'vitest';
import { silentLogger, type Logger } from '@repo/common';
import {
  createApp,
  createInMemoryBookRepository,
  type Book,
  type BookRepository,
} from '../src/app.js';

/** Deliberately not the development default, so the tests prove the configured token is used. */
export const TOKEN = 'test-books-token';
export const AUTH = `Bearer ${TOKEN}`;

export interface TestAppOptions {
  now?: () => number;
  books?: BookRepository;
  logger?: Logger;
}

export function buildApp(options: TestAppOptions = {}): { app: Express; books: BookRepository } {
  const books = options.books ?? createInMemoryBookRepository({ now: options.now });
  const app = createApp({ books, token: TOKEN, logger: options.logger ?? silentLogger() });
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
