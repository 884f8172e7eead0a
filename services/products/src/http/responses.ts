import { errorResponse, fixedErrorResponse } from '@repo/common';

export const serverError = fixedErrorResponse(
  'Anything unexpected (logged).',
  'Something went wrong',
);

/** What every route that parses a JSON body can answer. */
export const bodyFailures = {
  413: fixedErrorResponse('The body is over 100 kB.', 'request entity too large'),
  415: errorResponse(
    'The Content-Type is not application/json, or the body is in another charset or encoding.',
    'Content-Type must be application/json',
  ),
  500: serverError,
};

export const badBody = errorResponse(
  'The body is not valid JSON (the parser message), or valid JSON but not an object.',
  'request body must be a JSON object',
);
