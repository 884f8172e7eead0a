import { jsonErrorRenderer } from '@repo/common';

/** The body of every 500: the status text alone, and internals stay in the log. */
export const SERVER_ERROR_MESSAGE = 'Internal Server Error';

/** `{ error }`; a 500 also carries `requestId`, since no other answer depends on that body. */
export const renderError = jsonErrorRenderer(SERVER_ERROR_MESSAGE, {
  requestIdOnServerErrors: true,
});
