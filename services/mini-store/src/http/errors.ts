import { jsonErrorRenderer } from '@repo/common';

/** The body of every 500: the spec leaves it open, and internals stay in the log. */
export const SERVER_ERROR_MESSAGE = 'Internal Server Error';

/** `{ error }`; a 500 also carries `requestId`, since the spec leaves that body open. */
export const renderError = jsonErrorRenderer(SERVER_ERROR_MESSAGE, {
  requestIdOnServerErrors: true,
});
