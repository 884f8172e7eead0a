import { z } from 'zod';
import {
  byPathParam,
  errorBodySchema,
  errorResponse,
  fixedErrorResponse,
  idempotentRoute,
  jsonBody,
  jsonBodyParser,
  jsonResponse,
  notModifiedResponse,
  emptyResponse,
  readIfMatch,
  sendVersioned,
  withEtag,
  createdIdResponse,
  type Route,
  conditionalWrite,
} from '@repo/common';
import { objectIdSchema, sendPage } from '@repo/common/mongo';
import type { AppDeps } from '../app.js';
import { changeOrder } from '../domain/change-order.js';
import { ORDER_STATUSES } from '../domain/order.js';
import { placeOrder } from '../domain/place-order.js';
import { removeOrder } from '../domain/remove-order.js';
import { bodyFailures, serverError } from '../http/responses.js';
import { orderNotFound } from '../http/errors.js';
import { presentOrder } from '../http/order-presenter.js';
import {
  customerIdSchema,
  MAX_ORDER_ITEMS,
  MAX_ORDER_PAGE,
  newOrderSchema,
  orderChangesSchema,
  orderListQuerySchema,
  readCustomerId,
  readNewOrder,
  readOrderChanges,
  readOrderId,
  orderCursor,
  readOrderListQuery,
} from '../http/order-schemas.js';

/** Other keys are dropped, as for products; the items' own keys are read by the schemas alone. */
const ORDER_BODY_KEYS = ['items', 'status'];

const ORDER_ID = '6b0133863aff49b5acaf9240';
const PRODUCT_ID = '6b0133863aff49b5acaf923f';
const hexId = z.string().regex(/^[0-9a-f]{24}$/);

const orderSchema = z
  .strictObject({
    id: hexId,
    customerId: z.string(),
    items: z
      .array(
        z.strictObject({
          productId: hexId,
          quantity: z.number().int().min(1),
          price: z.number().min(0),
          modelName: z.unknown().refine((value) => value !== undefined),
        }),
      )
      .max(MAX_ORDER_ITEMS),
    total: z.number(),
    status: z.enum(ORDER_STATUSES),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Order' });

const orderExample = {
  id: ORDER_ID,
  customerId: 'cust_42',
  items: [{ productId: PRODUCT_ID, quantity: 2, price: 9.99, modelName: 'Widget' }],
  total: 19.98,
  status: 'pending',
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
};

/** An order refused because of some of its products. */
const productsProblemBody = z.strictObject({
  error: z.string(),
  productIds: z.array(hexId).min(1).max(MAX_ORDER_ITEMS),
});
const productsProblem = (description: string, example: string) =>
  jsonResponse(description, productsProblemBody, {
    error: `${example}: ${PRODUCT_ID}`,
    productIds: [PRODUCT_ID],
  });

const customerParams = z.object({ customerId: customerIdSchema });
const orderParams = z.object({
  id: objectIdSchema.meta({
    description: 'The order id: 24 lowercase hex characters. Any other text names no order (404).',
    example: ORDER_ID,
  }),
});
const notFound = errorResponse(
  'No order has the id, or the id is malformed.',
  `Not found: no order with id of ${ORDER_ID}`,
);
const invalid = (what: string) =>
  errorResponse(
    `${what}, or the body is not valid JSON or not an object. Every problem is listed, separated by \`; \`.`,
    'items[0].quantity: Too small: expected number to be >=1',
  );
const shortOfStock = productsProblem(
  'Taking the items would leave these products below 0 (or their quantity is not a number). Nothing changed.',
  'not enough stock for products',
);
const unknownOrUnpriced = productsProblem(
  'No product has these ids, or their price is not a number of 0 or more.',
  'no product has the ids',
);
const busy = errorResponse(
  'A status move the order cannot make (the body names both states), items of an order that is not pending, or another request changing the same order at that moment.',
  'an order cannot move from shipped to pending',
);

/**
 * A customer's orders, and each order by id (the README's customer-order routes).
 * Only POST and PATCH parse a body.
 */
export const orderRoutes: Route<AppDeps>[] = [
  {
    method: 'get',
    path: '/customers/{customerId}/orders',
    summary: "List a customer's orders",
    description:
      'Newest first; an empty array for a customer with none. When there are more, the `Link` header holds the next page (`rel="next"`, with an opaque `after` cursor that stays valid while orders are added).',
    request: { params: customerParams, query: orderListQuerySchema },
    responses: {
      200: {
        ...jsonResponse('The page of orders.', z.array(orderSchema).max(MAX_ORDER_PAGE), [
          orderExample,
        ]),
        headers: z.object({
          Link: z.string().optional().meta({ description: 'The next page, when there is one.' }),
        }),
      },
      304: notModifiedResponse,
      400: errorResponse(
        'A bad customer id, status, limit or cursor; every problem is listed.',
        'limit: Too big: expected number to be <=100',
      ),
      500: serverError,
    },
    async handle(req, res, { orders }) {
      const customerId = readCustomerId(req.params.customerId);
      const { status, limit, after } = readOrderListQuery(req.query);
      const found = await orders.listPage({ customerId, status, before: after, limit: limit + 1 });
      sendPage(req, res, found, { limit, cursor: orderCursor, present: presentOrder });
    },
  },
  {
    method: 'post',
    path: '/customers/{customerId}/orders',
    summary: 'Place an order',
    description:
      "Takes each item's quantity from its product's stock, all or nothing; copies each product's price and name into the order.",
    request: {
      params: customerParams,
      body: jsonBody(newOrderSchema, { items: [{ productId: PRODUCT_ID, quantity: 2 }] }),
    },
    responses: {
      201: createdIdResponse('Created: the new order id only.', ORDER_ID),
      400: invalid('A bad customer id or items'),
      409: shortOfStock,
      422: unknownOrUnpriced,
      ...bodyFailures,
    },
    before: () => [jsonBodyParser({ keepOnly: ORDER_BODY_KEYS })],
    idempotency: idempotentRoute(errorResponse, byPathParam('customerId')),
    async handle(req, res, { products, orders, clock }) {
      const customerId = readCustomerId(req.params.customerId);
      const { items } = readNewOrder(req.body);
      const id = await placeOrder({ products, orders }, customerId, items, clock());
      res.status(201).json({ id: id.toHexString() });
    },
  },
  {
    method: 'get',
    path: '/orders/{id}',
    summary: 'Read one order',
    request: { params: orderParams },
    responses: {
      200: withEtag(jsonResponse('The order.', orderSchema, orderExample)),
      304: withEtag(notModifiedResponse),
      404: notFound,
      500: serverError,
    },
    async handle(req, res, { orders }) {
      const found = await orders.findVisible(readOrderId(req.params.id));
      if (found === null) throw orderNotFound(req.params.id ?? '');
      sendVersioned(res, found, presentOrder);
    },
  },
  conditionalWrite(fixedErrorResponse, {
    method: 'patch',
    path: '/orders/{id}',
    summary: "Move an order's status, or change a pending order's items",
    description:
      'Cancelling a pending order gives its stock back; new items move stock by the difference. Sending the status the order has already changes nothing (200).',
    request: {
      params: orderParams,
      body: jsonBody(orderChangesSchema, { status: 'shipped' }),
    },
    responses: {
      200: withEtag(
        jsonResponse('The complete updated order.', orderSchema, {
          ...orderExample,
          status: 'shipped',
        }),
      ),
      400: invalid('A bad status or items, or both sent'),
      404: notFound,
      409: jsonResponse(
        `${shortOfStock.description} Or: ${busy.description}`,
        z.union([errorBodySchema, productsProblemBody]),
        { error: 'an order cannot move from shipped to pending' },
      ),
      422: unknownOrUnpriced,
      ...bodyFailures,
    },
    before: () => [jsonBodyParser({ keepOnly: ORDER_BODY_KEYS })],
    async handle(req, res, { products, orders, clock }) {
      const changes = readOrderChanges(req.body);
      const id = readOrderId(req.params.id);
      const deps = { products, orders };
      const updated = await changeOrder(deps, id, changes, clock(), readIfMatch(req));
      if (updated === null) throw orderNotFound(req.params.id ?? '');
      sendVersioned(res, updated, presentOrder);
    },
  }),
  conditionalWrite(fixedErrorResponse, {
    method: 'delete',
    path: '/orders/{id}',
    summary: 'Delete an order',
    description: "A pending order's stock goes back; a shipped or delivered order's never does.",
    request: { params: orderParams },
    responses: {
      204: emptyResponse('Deleted.'),
      404: notFound,
      409: busy,
      500: serverError,
    },
    async handle(req, res, { products, orders, clock }) {
      const id = readOrderId(req.params.id);
      const removed = await removeOrder({ products, orders }, id, clock(), readIfMatch(req));
      if (!removed) throw orderNotFound(req.params.id ?? '');
      res.status(204).end();
    },
  }),
];
