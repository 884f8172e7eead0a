import type { IncomingMessage } from 'node:http';
import type { Express, Request, RequestHandler, Response } from 'express';
import { acceptedMediaTypes } from './route-index.js';
import { BadRequestError, UnsupportedMediaTypeError } from '../errors/http-errors.js';
import { isJsonObject } from '../validation/json-object.js';

export const JSON_MEDIA_TYPE = 'application/json';

/** The one answer to a JSON body that is an array, a string, a number, `true` or `null`. */
export const NOT_A_JSON_OBJECT_MESSAGE = 'request body must be a JSON object';

export class NotAJsonObjectError extends BadRequestError {
  constructor() {
    super(NOT_A_JSON_OBJECT_MESSAGE);
  }
}

/** `application/json` of `Application/JSON; charset=utf-8`; undefined without the header. */
export function mediaTypeOf(contentType: string | undefined): string | undefined {
  return contentType?.split(';', 1)[0]?.trim().toLowerCase();
}

/** No content: neither a length above zero nor a chunked body (RFC 9112 6.3). */
export function hasNoContent(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
}

export interface RequestBodyRules {
  /** The media types the route reads (its documented content), JSON first. */
  mediaTypes: readonly string[];
  /**
   * The route's own rule answers a JSON body that is no object (its README fixes that
   * answer): it is passed on as parsed instead of being refused.
   */
  readsNonObjects?: boolean;
}

/**
 * The answers every route with a body gives to a body it cannot read (docs/error-answers.md), run
 * after the route's own checks (its token) and the parsers, before its handler: no content reads
 * as `{}`, whatever its `Content-Type`; content in another media type, or without one, is a 415;
 * JSON that is no object is a 400.
 */
export function requestBodyRules({
  mediaTypes,
  readsNonObjects = false,
}: RequestBodyRules): RequestHandler {
  const message = `Content-Type must be ${mediaTypes.join(' or ')}`;
  return (req, _res, next) => {
    if (hasNoContent(req)) {
      // Express leaves the body undefined when no parser read one.
      req.body ??= {};
      next();
      return;
    }
    const mediaType = mediaTypeOf(req.headers['content-type']);
    if (mediaType === undefined || !mediaTypes.includes(mediaType)) {
      next(new UnsupportedMediaTypeError(message));
      return;
    }
    if (mediaType === JSON_MEDIA_TYPE && !readsNonObjects && !isJsonObject(req.body)) {
      next(new NotAJsonObjectError());
      return;
    }
    next();
  };
}

/** The header in which a 415 names the media types a method takes (RFC 5789 2.2, IANA's `Accept-Post`). */
export function acceptHeaderName(method: string): string | undefined {
  if (method === 'POST') return 'Accept-Post';
  if (method === 'PATCH') return 'Accept-Patch';
  return undefined;
}

/**
 * On a 415 (the body rules', or the parser's for a charset or encoding it cannot read), names the
 * media types the route takes: in `Accept`, as RFC 9110 15.5.16 says, and for POST and PATCH also
 * in the header made for them.
 */
export function setAcceptForRoute(app: Express, req: Request, res: Response): void {
  const mediaTypes = acceptedMediaTypes(app, req.method, req.path);
  if (mediaTypes.length === 0) return;
  const value = mediaTypes.join(', ');
  res.set('Accept', value);
  const name = acceptHeaderName(req.method);
  if (name !== undefined) res.set(name, value);
}
