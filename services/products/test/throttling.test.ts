import { jsonErrorTooManyRequests } from '@repo/common';
import { describeThrottling } from '@repo/common/testing';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { buildApp } from './support.js';

const testDb = useTestDatabase('products_throttling');

// No route of the products service checks a token: only the request limit applies.
describeThrottling({
  buildApp: (throttle) => buildApp(testDb.db, { throttle }),
  openRoute: { method: 'get', path: '/products' },
  tooManyRequests: jsonErrorTooManyRequests,
});
