import { z } from 'zod';
import { errorResponse, jsonResponse, notModifiedResponse, type Route } from '@repo/common';
import type { AppDeps } from '../app.js';
import { changeOrderStatus } from '../domain/change-order-status.js';
import { ORDER_STATUSES } from '../domain/order-status.js';
import { placeOrder } from '../domain/place-order.js';
import { requireToken } from '../http/auth.js';
import { moveRefused, orderNotFound, ValidationError } from '../http/errors.js';
import { presentOrder } from '../http/order-presenter.js';
import {
  newOrderSchema,
  readNewOrder,
  readOrderId,
  readStatusChange,
  STATUS_PROBLEM,
  statusChangeSchema,
} from '../http/order-schemas.js';
import {
  badRequest,
  bodyFailures,
  CUSTOMER_SCHEME,
  hexId,
  idParams,
  jsonBody,
  malformedJson,
  STAFF_SCHEME,
  unauthorized,
} from '../http/responses.js';
import { MENU_ITEM_ID } from './menu-routes.js';

const ORDER_ID = '6b0133863aff49b5acaf9240';

/** What `presentOrder` answers. */
const orderSchema = z
  .strictObject({
    id: hexId,
    customerName: z.string(),
    items: z.array(z.strictObject({ menuItemId: z.string(), toppings: z.array(z.string()) })),
    status: z.enum(ORDER_STATUSES),
    createdAt: z.iso.datetime().meta({ description: 'When the order was accepted, ISO 8601 UTC.' }),
  })
  .meta({ id: 'Order' });

const orderExample = {
  id: ORDER_ID,
  customerName: 'Ada',
  items: [{ menuItemId: MENU_ITEM_ID, toppings: ['onions'] }],
  status: 'pending',
  createdAt: '2026-11-25T10:00:00.000Z',
};

const notFound = errorResponse('No order has the id.', `Order ${ORDER_ID} not found`);
const currentTime = (): Date => new Date();

/**
 * `/orders`: customers place and read orders; staff move them forward. The token check runs
 * first, before any body is read. PATCH then checks the body (400), the order (404) and the move
 * (409), in that order.
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
      body: jsonBody(newOrderSchema, {
        customerName: 'Ada',
        items: [{ menuItemId: MENU_ITEM_ID, toppings: ['onions'] }],
      }),
    },
    responses: {
      201: jsonResponse('The order, pending.', orderSchema, orderExample),
      400: badRequest('Every problem found', [
        'customerName must be a non-empty string',
        'pineapple is not offered on Pepperoni.',
        'x is not on the menu',
      ]),
      401: unauthorized,
      ...bodyFailures,
    },
    before: ({ customerToken }) => [requireToken(customerToken)],
    handle:
      ({ menu, orders, clock = currentTime }) =>
      async (req, res) => {
        const placed = await placeOrder(readNewOrder(req.body), { menu, orders, clock });
        if (!placed.ok) throw new ValidationError(placed.problems);
        res.status(201).json(presentOrder(placed.order));
      },
  },
  {
    method: 'get',
    path: '/orders/{id}',
    summary: 'Read an order',
    security: [{ [CUSTOMER_SCHEME]: [] }],
    request: { params: idParams('order', ORDER_ID) },
    responses: {
      200: jsonResponse('The order.', orderSchema, orderExample),
      304: notModifiedResponse,
      400: malformedJson,
      401: unauthorized,
      404: notFound,
      ...bodyFailures,
    },
    before: ({ customerToken }) => [requireToken(customerToken)],
    handle:
      ({ orders }) =>
      async (req, res) => {
        const order = await orders.findById(readOrderId(req.params.id));
        if (order === null) throw orderNotFound(req.params.id ?? '');
        res.json(presentOrder(order));
      },
  },
  {
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
      200: jsonResponse('The order with its new status.', orderSchema, {
        ...orderExample,
        status: 'in-progress',
      }),
      400: badRequest('`status` is not one of the three', [STATUS_PROBLEM]),
      401: unauthorized,
      404: notFound,
      409: errorResponse(
        'The move is not the next step.',
        `Order ${ORDER_ID} is pending and cannot move to completed; orders move only forward: ${ORDER_STATUSES.join(' -> ')}`,
      ),
      ...bodyFailures,
    },
    before: ({ staffToken }) => [requireToken(staffToken)],
    handle:
      ({ orders }) =>
      async (req, res) => {
        const { status } = readStatusChange(req.body);
        const id = readOrderId(req.params.id);
        const change = await changeOrderStatus(id, status, orders);
        if (change.outcome === 'not-found') throw orderNotFound(req.params.id ?? '');
        if (change.outcome === 'refused') throw moveRefused(id, change.current, status);
        res.json(presentOrder(change.order));
      },
  },
];
