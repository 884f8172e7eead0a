import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler } from 'express';
import { rememberKeyedBody } from '../idempotency/key.js';
import { UnsupportedMediaTypeError } from '../errors/http-errors.js';
import { guardJsonBody, requireValidUtf8, type JsonGuardOptions } from './json-guard.js';

/** The largest request body any service accepts; larger ones are answered 413. */
export const BODY_LIMIT = '100kb';

/** What body-parser calls a request with a body: a Transfer-Encoding or a Content-Length. */
export function hasBody(req: IncomingMessage): boolean {
  return (
    req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined
  );
}

export interface JsonParserOptions extends JsonGuardOptions {
  /** body-parser's `strict`: only objects and arrays parse (the default); false takes any JSON text. */
  strict?: boolean;
}

/** body-parser's `verify` hook: the bytes must be UTF-8, and a keyed request's are fingerprinted. */
function readBody(req: IncomingMessage, res: unknown, bytes: Buffer, encoding: string): void {
  requireValidUtf8(req, res, bytes, encoding);
  rememberKeyedBody(req, bytes);
}

/**
 * `express.json()` followed by the guard every JSON body goes through (`guardJsonBody`: depth,
 * prototype and NUL keys, numbers JSON cannot write back, and, when the service stores its
 * clients' keys, MongoDB's operator and path keys), with invalid UTF-8 refused while reading. A
 * refused body never reaches a route: the error handler answers it with the service's 400.
 */
export function guardedJsonParser({
  strict = true,
  ...guard
}: JsonParserOptions = {}): RequestHandler {
  const parse = express.json({ limit: BODY_LIMIT, strict, verify: readBody });
  return (req, res, next) => {
    void parse(req, res, (error?: unknown) => {
      if (error !== undefined) next(error);
      else next(guardJsonBody(req.body, guard));
    });
  };
}

/**
 * The guarded JSON parser for one route or router, stepping aside at once for a request without a
 * body, as body-parser itself would, but without its per-request bookkeeping (on a GET, that is
 * most of what the parser costs). `req.body` then reads undefined, as it does after body-parser.
 */
export function jsonBodyParser(options: JsonParserOptions = {}): RequestHandler {
  const parse = guardedJsonParser(options);
  return (req, res, next) => {
    if (hasBody(req)) parse(req, res, next);
    else next();
  };
}

/** True for `application/json`, with or without parameters such as `charset`. */
function isJsonContentType(header: string | undefined): boolean {
  return header?.split(';', 1)[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * A route's body that must be JSON: another content type, or none, is a 415 before anything is
 * read; then the guarded parser (400 for malformed JSON, 413 over the limit). Not strict, so any
 * JSON text parses and a body that is JSON but no object gets the route's schema message.
 */
export function jsonOnlyBodyParser(guard: JsonGuardOptions = {}): RequestHandler {
  const parse = jsonBodyParser({ strict: false, ...guard });
  return (req, res, next) => {
    if (isJsonContentType(req.headers['content-type'])) parse(req, res, next);
    else next(new UnsupportedMediaTypeError());
  };
}
