import { textTooManyRequests } from '@repo/common';
import { describeThrottling } from '@repo/common/testing';
import { buildApp } from './support.js';

// The tutorial has no token: only the request limit applies.
describeThrottling({
  buildApp: (throttle) => buildApp({ throttle }),
  openRoute: { method: 'get', path: '/person/1' },
  tooManyRequests: textTooManyRequests,
});
