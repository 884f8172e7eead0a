import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { PRECONDITION_FAILED_MESSAGE } from '../http/preconditions.js';
import type { ErrorResponseOf } from '../idempotency/route-option.js';
import { ifMatchHeader, PRECONDITION_FAILED_DESCRIPTION } from './responses.js';
import { withRequestHeaders } from './route.js';

/** A write that takes `If-Match` (`readIfMatch`): its description gets the header and the 412. */
export function conditionalWrite<R extends Pick<RouteConfig, 'request' | 'responses'>>(
  errorResponse: ErrorResponseOf,
  route: R,
): R {
  return {
    ...route,
    request: withRequestHeaders(route.request, ifMatchHeader),
    responses: {
      ...route.responses,
      412: errorResponse(PRECONDITION_FAILED_DESCRIPTION, PRECONDITION_FAILED_MESSAGE),
    },
  };
}
