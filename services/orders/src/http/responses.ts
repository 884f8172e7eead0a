import { z } from 'zod';
import { errorBodySchema, errorResponse, fixedErrorResponse, jsonResponse } from '@repo/common';
import { objectIdSchema } from '@repo/common/mongo';
import { SERVER_ERROR_MESSAGE, TOKEN_REJECTED_MESSAGE } from './errors.js';

/** The security schemes: customers place and read orders, staff move them. */
export const CUSTOMER_SCHEME = 'customerToken';
export const STAFF_SCHEME = 'staffToken';

export const hexId = z.string().regex(/^[0-9a-f]{24}$/);

export function idParams(what: string, example: string) {
  return z.object({
    id: objectIdSchema.meta({
      description: `The ${what} id: 24 lowercase hex characters. Any other text names no ${what} (404).`,
      example,
    }),
  });
}

const validationBody = z.strictObject({ errors: z.array(z.string()) }).meta({ id: 'Problems' });

/** A 400: the validation problems, or the parser's message for a malformed JSON body. */
export function badRequest(description: string, example: string[]) {
  return jsonResponse(
    `${description}; or the body is malformed JSON (\`{ error: <parser message> }\`).`,
    z.union([validationBody, errorBodySchema]),
    { errors: example },
  );
}

export const malformedJson = errorResponse(
  'The body is malformed JSON (the parser message).',
  "Expected property name or '}' in JSON at position 1",
);
export const unauthorized = jsonResponse(
  'The Authorization header is not exactly `Bearer <token>` with the right token.',
  z.strictObject({ Error: z.literal(TOKEN_REJECTED_MESSAGE) }),
  { Error: TOKEN_REJECTED_MESSAGE },
);

/** What any route can answer, since JSON is parsed for the whole app. */
export const bodyFailures = {
  413: fixedErrorResponse('The body is over 100kb.', 'request entity too large'),
  415: errorResponse(
    'The body is in another `Content-Type` than application/json, or none (`Content-Type must be application/json`), or in an unsupported charset or encoding (the parser message).',
    'unsupported charset "LATIN1"',
  ),
  500: fixedErrorResponse('Anything else (logged, never shown).', SERVER_ERROR_MESSAGE),
};
