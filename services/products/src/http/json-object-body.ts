import express, { type RequestHandler } from 'express';
import { BadRequestError, UnsupportedMediaTypeError } from '@repo/common';

/** True for `application/json`, with or without parameters such as `charset`. */
function isJsonContentType(header: string | undefined): boolean {
  const mediaType = header?.split(';', 1)[0]?.trim().toLowerCase();
  return mediaType === 'application/json';
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The body handling of POST and PATCH: the content type must be JSON (415), the body must parse
 * (400, malformed JSON) and fit the limit (413), and it must be a JSON object (400), not an array,
 * string, number or null. Body-parser's own errors are classified by the app's error handler.
 */
export function jsonObjectBody(bodyLimit: string): RequestHandler {
  // Not strict: any JSON text parses, so a body that is valid JSON but no object gets the
  // message below rather than a parser error.
  const parseJson = express.json({ limit: bodyLimit, strict: false });
  return (req, res, next) => {
    if (!isJsonContentType(req.headers['content-type'])) {
      next(new UnsupportedMediaTypeError('Content-Type must be application/json'));
      return;
    }
    parseJson(req, res, (error?: unknown) => {
      if (error !== undefined) next(error);
      else if (!isJsonObject(req.body))
        next(new BadRequestError('request body must be a JSON object'));
      else next();
    });
  };
}
