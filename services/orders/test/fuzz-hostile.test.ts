import { describe, it } from 'vitest';
import {
  documentedRoutes,
  hostileCases,
  type HostilePolicy,
  hostileRoute,
} from '@repo/common/testing';
import { apiDocument } from '../src/app.js';
import { useFuzzTarget } from './fuzz-target.js';

const target = useFuzzTarget('orders_hostile');

/** What the README promises for each named hostile case (Errors and Decisions). */
function policy(menuId: string, orderId: string): HostilePolicy {
  const items = (id: unknown) => ({
    customerName: 'Ann',
    items: [{ menuItemId: menuId }, { menuItemId: id }],
  });
  return {
    errorBody: 'json',
    valid: {
      'POST /orders': {
        path: '/orders',
        body: { customerName: 'Ann', items: [{ menuItemId: menuId }] },
      },
      // A pending order asked to stay pending: the same 409 however often it is sent.
      'PATCH /orders/{id}': { path: `/orders/${orderId}`, body: { status: 'pending' } },
    },
    malformedIdStatus: 404,
    idArrays: {
      'POST /orders': ['xyz', '%00', '..%2f', 'a'.repeat(10_000), 42, null].map((id) => ({
        body: items(id),
        status: 400,
      })),
    },
  };
}

describe('hostile requests', () => {
  it.each(documentedRoutes(apiDocument()))(
    'when %s gets every named hostile case (10 000-deep nesting, prototype, NUL, $ and dotted keys, 1e309, 1 MB strings, non-objects, invalid UTF-8, malformed ids), then each gets the status and body the README promises and nothing hostile is stored',
    async (route) => {
      const fuzz = target();
      const [menuId = ''] = fuzz.menuIds;
      const [orderId = ''] = fuzz.orderIds;
      await hostileCases(fuzz, route, policy(menuId, orderId));
    },
  );

  it.each(documentedRoutes(apiDocument()))(
    'when %s gets 20 hostile requests (fast-check, fixed seed: broken JSON, wrong types, deep nesting, prototype and operator keys, huge and invalid bodies, hostile ids), then none is a 5xx and nothing hostile is stored',
    async (route) => {
      await hostileRoute(target(), route, { runs: 20, seed: 21 });
    },
  );
});
