import { z } from 'zod';
import {
  emptyResponse,
  errorResponse,
  fixedErrorResponse,
  idempotentRoute,
  jsonBody,
  jsonResponse,
  notModifiedResponse,
  PreconditionFailedError,
  readIfMatch,
  sendVersioned,
  withEtag,
  type Route,
  conditionalWrite,
} from '@repo/common';
import { sendPage } from '@repo/common/mongo';
import type { AppDeps } from '../app.js';
import { ORDER_STATUSES } from '../domain/order.js';
import { cancelOrder, changeOrderStatus } from '../domain/order-moves.js';
import { placeOrder } from '../domain/place-order.js';
import { requireToken } from '../http/auth.js';
import { cancelRefused, moveRefused, orderNotFound, ValidationError } from '../http/errors.js';
import { presentOrder } from '../http/order-presenter.js';
import { orderSchema } from '../http/order-view-schema.js';
import {
  MAX_QUEUE_PAGE,
  newOrderSchema,
  queueCursor,
  queueQuerySchema,
  readNewOrder,
  readOrderId,
  readQueueQuery,
  readStatusChange,
  STATUS_PROBLEM,
  statusChangeSchema,
} from '../http/order-schemas.js';
import {
  badRequest,
  bodyFailures,
  CUSTOMER_SCHEME,
  idParams,
  malformedJson,
  STAFF_SCHEME,
  unauthorized,
} from '../http/responses.js';
import { itemExample, notFound, ORDER_ID, orderExample } from './order-examples.js';

const currentTime = (): Date => new Date();

/**
 * Customers place and read orders; staff move them forward. The token check runs before any body
 * is read; PATCH then checks the body (400), the order (404) and the move (409), in that order.
 */
export const orderRoutes: Route<AppDeps>[] = [
  {
    method: 'post',
    path: '/orders',
    summary: 'Place an order',
    description:
      'The token is checked before the body; every problem of the body is reported at once.',
    security: [{ [CUSTOMER_SCHEME]: [] }],
    request: {
      body: jsonBody(newOrderSchema, { customerName: 'Ada', items: [itemExample] }),
    },
    responses: {
      201: jsonResponse(
        'The order, pending, priced from the menu as it is now.',
        orderSchema,
        orderExample,
      ),
      400: badRequest('Every problem found', [
        'customerName must be a non-empty string',
        'items[0].quantity must be a whole number from 1 to 20',
        'stuffed is not offered on Hawaiian.',
        'x is not on the menu',
      ]),
      401: unauthorized,
      ...bodyFailures,
    },
    before: ({ customerToken, throttle }) => [requireToken(customerToken, throttle)],
    idempotency: idempotentRoute(errorResponse),
    async handle(req, res, { menu, orders, clock = currentTime }) {
      const placed = await placeOrder(readNewOrder(req.body), { menu, orders, clock });
      if (!placed.ok) throw new ValidationError(placed.problems);
      res.status(201).json(presentOrder(placed.order));
    },
  },
  {
    method: 'get',
    path: '/orders',
    summary: "The kitchen's queue",
    description:
      'Staff only. Orders oldest first, all of them or those in one status, a page at a time: when there are more, the `Link` header holds the next page (`rel="next"`, with an opaque `after` cursor that keeps its place while orders arrive).',
    security: [{ [STAFF_SCHEME]: [] }],
    request: { query: queueQuerySchema },
    responses: {
      200: {
        ...jsonResponse('The page of orders.', z.array(orderSchema).max(MAX_QUEUE_PAGE), [
          orderExample,
        ]),
        headers: z.object({
          Link: z.string().meta({
            description:
              'The next page, when there is one: `</orders?after=<cursor>>; rel="next"`.',
          }),
        }),
      },
      304: notModifiedResponse,
      400: badRequest('`status`, `limit` or `after` is not one this list takes', [STATUS_PROBLEM]),
      401: unauthorized,
      ...bodyFailures,
    },
    before: ({ staffToken, throttle }) => [requireToken(staffToken, throttle)],
    async handle(req, res, { orders }) {
      const { status, limit, after } = readQueueQuery(req.query);
      const found = await orders.listQueue({ status, after, limit: limit + 1 });
      sendPage(req, res, found, { limit, cursor: queueCursor, present: presentOrder });
    },
  },
  {
    method: 'get',
    path: '/orders/{id}',
    summary: 'Read an order',
    security: [{ [CUSTOMER_SCHEME]: [] }],
    request: { params: idParams('order', ORDER_ID) },
    responses: {
      200: withEtag(jsonResponse('The order.', orderSchema, orderExample)),
      304: withEtag(notModifiedResponse),
      400: malformedJson,
      401: unauthorized,
      404: notFound,
      ...bodyFailures,
    },
    before: ({ customerToken, throttle }) => [requireToken(customerToken, throttle)],
    async handle(req, res, { orders }) {
      const order = await orders.findById(readOrderId(req.params.id));
      if (order === null) throw orderNotFound(req.params.id ?? '');
      sendVersioned(res, order, presentOrder);
    },
  },
  conditionalWrite(fixedErrorResponse, {
    method: 'patch',
    path: '/orders/{id}',
    summary: 'Move an order to its next status',
    description: `Orders move only forward, one step at a time: ${ORDER_STATUSES.join(' → ')}. Checked in order: token, body, order, move.`,
    security: [{ [STAFF_SCHEME]: [] }],
    request: {
      params: idParams('order', ORDER_ID),
      body: jsonBody(statusChangeSchema, { status: 'in-progress' }),
    },
    responses: {
      200: withEtag(
        jsonResponse('The order with its new status.', orderSchema, {
          ...orderExample,
          status: 'in-progress',
        }),
      ),
      400: badRequest('`status` is not one of the three', [STATUS_PROBLEM]),
      401: unauthorized,
      404: notFound,
      409: errorResponse(
        'The move is not the next step.',
        `Order ${ORDER_ID} is pending and cannot move to completed; orders move only forward: ${ORDER_STATUSES.join(' -> ')}`,
      ),
      ...bodyFailures,
    },
    before: ({ staffToken, throttle }) => [requireToken(staffToken, throttle)],
    async handle(req, res, { orders, clock = currentTime }) {
      const { status } = readStatusChange(req.body);
      const id = readOrderId(req.params.id);
      const change = await changeOrderStatus(id, status, orders, clock(), readIfMatch(req));
      if (change.outcome === 'not-found') throw orderNotFound(req.params.id ?? '');
      if (change.outcome === 'precondition-failed') throw new PreconditionFailedError();
      if (change.outcome === 'refused') throw moveRefused(id, change.current, status);
      sendVersioned(res, change.order, presentOrder);
    },
  }),
  conditionalWrite(fixedErrorResponse, {
    method: 'delete',
    path: '/orders/{id}',
    summary: 'Cancel an order',
    description:
      'Removes the order while it is pending; once the kitchen has started it, it can no longer be cancelled.',
    security: [{ [CUSTOMER_SCHEME]: [] }],
    request: { params: idParams('order', ORDER_ID) },
    responses: {
      204: emptyResponse('Cancelled: the order is gone.'),
      400: malformedJson,
      401: unauthorized,
      404: notFound,
      409: errorResponse(
        'The order is no longer pending.',
        `Order ${ORDER_ID} is in-progress and can no longer be cancelled; only pending orders can`,
      ),
      ...bodyFailures,
    },
    before: ({ customerToken, throttle }) => [requireToken(customerToken, throttle)],
    async handle(req, res, { orders, clock = currentTime }) {
      const id = readOrderId(req.params.id);
      const cancellation = await cancelOrder(id, orders, clock(), readIfMatch(req));
      if (cancellation.outcome === 'not-found') throw orderNotFound(req.params.id ?? '');
      if (cancellation.outcome === 'precondition-failed') throw new PreconditionFailedError();
      if (cancellation.outcome === 'refused') throw cancelRefused(id, cancellation.current);
      res.status(204).end();
    },
  }),
];
