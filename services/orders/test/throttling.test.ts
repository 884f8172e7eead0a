import { jsonErrorTooManyRequests } from '@repo/common';
import { describeThrottling, type TokenRoute } from '@repo/common/testing';
import { useTestDatabase } from '@repo/embedded-mongo/testing';
import { ObjectId } from 'mongodb';
import { AS_CUSTOMER, AS_STAFF, buildApp } from './support.js';

const testDb = useTestDatabase('orders_throttling');
const ORDER_PATH = `/orders/${new ObjectId().toHexString()}`;

const tokenRoute = (
  authorization: string,
  route: Omit<TokenRoute, 'authorization' | 'wrongAuthorization' | 'rejectedStatus'>,
): TokenRoute => ({
  ...route,
  authorization,
  wrongAuthorization: 'Bearer not-the-token',
  rejectedStatus: 401,
});

describeThrottling({
  buildApp: (throttle) => buildApp(testDb.db, { throttle }),
  openRoute: { method: 'get', path: '/menu' },
  tokenRoutes: [
    tokenRoute(AS_CUSTOMER, {
      method: 'post',
      path: '/orders',
      body: { customerName: 'Ada', items: [] },
    }),
    tokenRoute(AS_STAFF, { method: 'get', path: '/orders' }),
    tokenRoute(AS_CUSTOMER, { method: 'get', path: ORDER_PATH }),
    tokenRoute(AS_STAFF, { method: 'patch', path: ORDER_PATH, body: { status: 'preparing' } }),
    tokenRoute(AS_CUSTOMER, { method: 'delete', path: ORDER_PATH }),
  ],
  tooManyRequests: jsonErrorTooManyRequests,
});
