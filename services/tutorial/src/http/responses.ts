import { z } from 'zod';
import { textResponse } from '@repo/common';
import { INTERNAL_ERROR_TEXT } from './errors.js';

export const HTML = 'text/html';
export const FORM = 'application/x-www-form-urlencoded';

/** A reply text, sent as a string and so labelled HTML, as the README says; values are escaped. */
export function html(description: string, example: string, pattern?: RegExp) {
  return textResponse(description, pattern ? z.string().regex(pattern) : z.string(), example, HTML);
}

/** A path segment, percent-decoded, echoed HTML-escaped. */
export const segment = (description: string, example: string) =>
  z.string().meta({ description, example });

/** Every route parses JSON and form bodies first, so any of them can refuse a body. */
export const bodyFailures = {
  400: textResponse(
    "The JSON body is malformed (the parser message), or a route's body is no JSON object, or the path's percent-encoding is broken (the router's message).",
    z.string(),
    "Expected property name or '}' in JSON at position 1",
  ),
  413: textResponse('The body is over 100 kB.', z.string(), 'request entity too large'),
  415: textResponse(
    'The route reads no body in this Content-Type (or none was given), or the body is in an unsupported charset or encoding.',
    z.string(),
    'unsupported charset "LATIN1"',
  ),
  500: textResponse(
    'A handler threw (logged).',
    z.literal(INTERNAL_ERROR_TEXT),
    INTERNAL_ERROR_TEXT,
  ),
};

/** The 400 of a route with its own rule: one of its texts, or a body refused by the parsers. */
export function ruleOr400(description: string, texts: readonly [string, ...string[]]) {
  return {
    description: `${description}; or a body or path the parsers refuse (text/plain).`,
    content: {
      [HTML]: {
        schema: texts.length === 1 ? z.literal(texts[0]) : z.enum(texts),
        example: texts[0],
      },
      'text/plain': bodyFailures[400].content?.['text/plain'] ?? {},
    },
  };
}
