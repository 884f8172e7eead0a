import type { RequestHandler } from 'express';
import { jsonBodyParser, type JsonGuardOptions } from '@repo/common';
import { UnsupportedMediaTypeError } from './errors.js';

/** True for `application/json`, with or without parameters such as `charset`. */
function isJsonContentType(header: string | undefined): boolean {
  const mediaType = header?.split(';', 1)[0]?.trim().toLowerCase();
  return mediaType === 'application/json';
}

/**
 * The body parsing of POST and PATCH, as one route middleware: the content type must be JSON
 * (415), then the body must parse (400, malformed JSON), fit common's limit (413) and pass
 * common's guard (400), which drops the top-level keys outside `guard.keepOnly` (rule 2).
 * Body-parser's own errors are classified by the app's error handler; whether the parsed body is
 * a JSON object is the schemas' check (`product-schemas.ts`).
 */
export function jsonRequestBody(guard: JsonGuardOptions): RequestHandler {
  // Not strict: any JSON text parses, so a body that is valid JSON but no object gets the
  // schemas' message rather than a parser error.
  const parseJson = jsonBodyParser({ strict: false, ...guard });
  return (req, res, next) => {
    if (isJsonContentType(req.headers['content-type'])) void parseJson(req, res, next);
    else next(new UnsupportedMediaTypeError());
  };
}
