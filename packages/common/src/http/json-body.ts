import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler } from 'express';
import { rememberKeyedBody } from '../idempotency/key.js';
import { refusingDeclaredOversize } from './declared-length.js';
import { guardJsonBody, requireValidUtf8, type JsonGuardOptions } from './json-guard.js';

/** Larger bodies are answered 413. */
export const BODY_LIMIT = '100kb';

/** What body-parser calls a request with a body. */
function hasBody(req: IncomingMessage): boolean {
  return (
    req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined
  );
}

export interface JsonParserOptions extends JsonGuardOptions {
  /**
   * body-parser's `strict`: only objects and arrays parse. Off by default: a string or a number is
   * valid JSON, which the route's body rules refuse as no object (`requestBodyRules`) rather than
   * as a syntax error that is none.
   */
  strict?: boolean;
}

/** body-parser's `verify` hook: UTF-8 only, and a keyed request's bytes are kept. */
function readBody(req: IncomingMessage, res: unknown, bytes: Buffer, encoding: string): void {
  requireValidUtf8(req, res, bytes, encoding);
  rememberKeyedBody(req, bytes);
}

/** `express.json()` and then `guardJsonBody`: a refused body never reaches a route. */
export function guardedJsonParser({
  strict = false,
  ...guard
}: JsonParserOptions = {}): RequestHandler {
  const parse = refusingDeclaredOversize(
    'application/json',
    express.json({ limit: BODY_LIMIT, strict, verify: readBody }),
  );
  return (req, res, next) => {
    void parse(req, res, (error?: unknown) => {
      if (error !== undefined) next(error);
      else next(guardJsonBody(req.body, guard));
    });
  };
}

/**
 * The guarded JSON parser for one route, stepping aside for a request without a body as
 * body-parser would, without its per-request bookkeeping (most of its cost on a GET).
 */
export function jsonBodyParser(options: JsonParserOptions = {}): RequestHandler {
  const parse = guardedJsonParser(options);
  return (req, res, next) => {
    if (hasBody(req)) parse(req, res, next);
    else next();
  };
}
