import { z } from 'zod';
import { loadConfig, secretVariable, serviceVariables, type Env } from '@repo/common';

/** 6790 when the service runs alone; the launcher that runs every service sets PORT=6791. */
export const DEFAULT_PORT = 6790;
export const DEVELOPMENT_TOKEN = 'dev-books-token';

export function loadBooksConfig(env: Env = process.env) {
  return loadConfig(
    z.object({
      ...serviceVariables(DEFAULT_PORT),
      BOOKS_TOKEN: secretVariable(env, DEVELOPMENT_TOKEN),
    }),
    env,
  );
}

export type BooksConfig = ReturnType<typeof loadBooksConfig>;
