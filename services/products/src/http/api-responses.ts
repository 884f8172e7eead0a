import { errorResponse, fixedErrorResponse } from '@repo/common';

/** The error responses that every route with a JSON body shares. */
export const serverError = fixedErrorResponse(
  'Anything unexpected (logged).',
  'Something went wrong',
);
export const tooLarge = fixedErrorResponse('The body is over 100 kB.', 'request entity too large');
export const unsupportedMediaType = errorResponse(
  'The Content-Type is not application/json, or the body is in another charset or encoding.',
  'Content-Type must be application/json',
);
export const badBody = errorResponse(
  'The body is not valid JSON (the parser message), or valid JSON but not an object.',
  'request body must be a JSON object',
);
