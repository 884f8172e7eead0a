import { textTooManyRequests } from '@repo/common';
import { describeThrottling, type TokenRoute } from '@repo/common/testing';
import { AUTH, buildApp } from './support.js';

const tokenRoute = (
  route: Omit<TokenRoute, 'authorization' | 'wrongAuthorization' | 'rejectedStatus'>,
): TokenRoute => ({
  ...route,
  authorization: AUTH,
  wrongAuthorization: 'Bearer not-the-token',
  rejectedStatus: 403,
});

describeThrottling({
  buildApp: (throttle) => buildApp({ throttle }).app,
  openRoute: { method: 'get', path: '/books' },
  tokenRoutes: [
    tokenRoute({
      method: 'post',
      path: '/books',
      body: { title: 'Dune', author: 'Frank Herbert', year: 1965 },
    }),
    tokenRoute({ method: 'patch', path: '/books', body: { id: 1, title: 'Dune' } }),
    tokenRoute({ method: 'delete', path: '/books', body: { id: 1 } }),
  ],
  tooManyRequests: textTooManyRequests,
});
